"""Reading an input file safely: gunzipped as a stream, capped, and XML refused at a DTD.

Every parser behind the loaders (pyoxigraph, owlready2's expat) expands the
entities an XML DOCTYPE declares, and pyoxigraph accepts a DOCTYPE anywhere in
the document. A 1 kB file of nested entities ("billion laughs") then grows to
gigabytes. :class:`GuardedReader` scans every block before a parser sees it and
refuses any ``<!DOCTYPE`` or ``<!ENTITY``; it also stops a ``.gz`` file that
inflates past a byte limit (a decompression bomb) without inflating it whole.
"""

from __future__ import annotations

import gzip
import io
import re
import zlib
from pathlib import Path
from typing import BinaryIO, NoReturn

from .errors import OntologyLoadError

__all__ = ["DEFAULT_MAX_BYTES", "GuardedReader", "open_input"]

DEFAULT_MAX_BYTES = 200 * 1024**2
_BLOCK = 1 << 16
# Case-insensitive: quick-xml (pyoxigraph) accepts a lower-case <!doctype too.
_DTD = re.compile(rb"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)
_OVERLAP = 16  # a marker split across two blocks is still found
# A UTF-16/32 document would hide its markers from a byte scan; expat would still read it.
_WIDE_STARTS = (b"\xfe\xff", b"\xff\xfe", b"\x00\x00\xfe\xff", b"\x00<", b"<\x00")


class GuardedReader(io.RawIOBase):
    """A binary stream over ``raw`` that refuses what must not reach a parser.

    ``name`` is how messages call the file (a user's own file name for an upload).
    Beyond ``max_bytes`` of (decompressed) content, or at a DTD when ``xml``, reading
    raises :class:`OntologyLoadError`; the error is also kept in :attr:`refusal`,
    because some parsers (owlready2) replace the exceptions they see.

    >>> reader = GuardedReader(io.BytesIO(b'<!DOCTYPE r [<!ENTITY a "b">]><r/>'), name="x.rdf", xml=True)
    >>> reader.read()
    Traceback (most recent call last):
    ontology_loaders.errors.OntologyLoadError: x.rdf: declares a DOCTYPE or ENTITY; XML files with a DTD are refused (its entities can expand without bound). Remove the DOCTYPE, or save the file as Turtle or RDF/XML without entities.
    """

    def __init__(self, raw: BinaryIO, *, name: str, max_bytes: int | None = None, xml: bool = False) -> None:
        super().__init__()
        self._raw = raw
        self.name_for_messages = name
        self.max_bytes = max_bytes
        self.xml = xml
        self.refusal: OntologyLoadError | None = None
        self._block = b""
        self._offset = 0
        self._total = 0
        self._tail = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        if self._offset >= len(self._block):
            self._block, self._offset = self._next_block(), 0
        count = min(len(buffer), len(self._block) - self._offset)
        buffer[:count] = self._block[self._offset:self._offset + count]
        self._offset += count
        return count

    def head(self, size: int = 2048) -> bytes:
        """The first ``size`` bytes (fewer in a short file), left in place for the next read."""
        while len(self._block) - self._offset < size:
            more = self._next_block()
            if not more:
                break
            self._block = self._block[self._offset:] + more
            self._offset = 0
        return self._block[self._offset:self._offset + size]

    def close(self) -> None:
        try:
            self._raw.close()
        finally:
            super().close()

    def _next_block(self) -> bytes:
        if self.refusal is not None:
            raise self.refusal
        try:
            block = self._raw.read(_BLOCK)
        except (gzip.BadGzipFile, EOFError, zlib.error) as error:
            self._refuse(f"not a valid gzip file ({error})")
        if self.xml and self._total == 0 and block.startswith(_WIDE_STARTS):
            self._refuse("XML must be saved as UTF-8 (this file looks like UTF-16 or UTF-32)")
        self._total += len(block)
        if self.max_bytes is not None and self._total > self.max_bytes:
            self._refuse(f"larger than {self.max_bytes // 1024**2} MB once decompressed "
                         "(the limit is the max_decompressed_mb setting)")
        if self.xml:
            window = self._tail + block
            if _DTD.search(window):
                self._refuse("declares a DOCTYPE or ENTITY; XML files with a DTD are refused (its entities can "
                             "expand without bound). Remove the DOCTYPE, or save the file as Turtle or RDF/XML "
                             "without entities.")
            self._tail = window[-_OVERLAP:]
        return block

    def _refuse(self, why: str) -> NoReturn:
        self.refusal = OntologyLoadError(f"{self.name_for_messages}: {why}")
        raise self.refusal


def open_input(path: Path, *, max_bytes: int = DEFAULT_MAX_BYTES, xml: bool = False,
               name: str | None = None) -> GuardedReader:
    """``path`` as a guarded stream, gunzipped when it ends in ``.gz`` (only then is ``max_bytes`` applied).

    :raises OntologyLoadError: while reading, as :class:`GuardedReader` describes.
    """
    compressed = path.suffix.lower() == ".gz"
    raw: BinaryIO = gzip.open(path, "rb") if compressed else open(path, "rb")  # noqa: SIM115 - the reader closes it
    return GuardedReader(raw, name=name or str(path), max_bytes=max_bytes if compressed else None, xml=xml)
