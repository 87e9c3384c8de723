"""Prototype graph → SPARQL 1.1 SELECT: a pure, deterministic compiler.

The shape follows the paper's Listing 1 (``SELECT DISTINCT`` over readable
variables, ``?x a <Class>`` per node, one triple per edge) and adds labels,
constraints, pinned instances, optional and negated edges, subclass
inclusion, COUNT/GROUP BY, ORDER BY, LIMIT and OFFSET.

No value reaches the query text unchecked: IRIs go through
:class:`pyoxigraph.NamedNode` (which rejects anything that is not an IRI) and
literals through :class:`pyoxigraph.Literal`, whose serialisation escapes
quotes, backslashes and line breaks. Variable names come from node ids, which
the graph model restricts to ``[A-Za-z_][A-Za-z0-9_]*`` and which are checked
again here because ``model_construct`` skips validation.

Layout of the WHERE clause: nodes joined by required edges form components.
The component of the first node is the root; a component reached only
through an optional edge is nested in that edge's ``OPTIONAL { … }`` together
with its own types, constraints and labels, and one reached only through a
negated edge sits inside ``FILTER NOT EXISTS { … }`` (its nodes cannot be
returned).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from pyoxigraph import Literal, NamedNode

from app.errors import GraphCompileError
from app.graph.model import NODE_ID_PATTERN, Constraint, ConstraintOp, Edge, Node, PrototypeGraph

__all__ = [
    "DEFAULT_LIMIT",
    "DEFAULT_PREFIXES",
    "OWL_THING",
    "RDF_TYPE",
    "RDFS_LABEL",
    "RDFS_SUBCLASS_OF",
    "XSD",
    "compile_sparql",
    "label_variable",
]

DEFAULT_LIMIT = 100
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
XSD = "http://www.w3.org/2001/XMLSchema#"
OWL = "http://www.w3.org/2002/07/owl#"
RDF_TYPE = RDF + "type"
RDFS_LABEL = RDFS + "label"
RDFS_SUBCLASS_OF = RDFS + "subClassOf"
OWL_THING = OWL + "Thing"

#: Declared only when used, so a query carries just the prefixes it needs.
DEFAULT_PREFIXES: dict[str, str] = {
    "rdf": RDF,
    "rdfs": RDFS,
    "xsd": XSD,
    "owl": OWL,
    "dbo": "http://dbpedia.org/ontology/",
    "dbr": "http://dbpedia.org/resource/",
}

_NODE_ID = re.compile(NODE_ID_PATTERN)
_PREFIX_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
# A conservative subset of PN_LOCAL: anything else is written as a full <IRI>.
_SAFE_LOCAL = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")
_LANGUAGE = re.compile(r"^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$")
_XSD_INTEGERS = {
    "integer", "int", "long", "short", "byte", "nonNegativeInteger", "positiveInteger",
    "nonPositiveInteger", "negativeInteger", "unsignedInt", "unsignedLong", "unsignedShort", "unsignedByte",
}
_LEXICAL = {
    **{name: re.compile(r"^[+-]?\d+$") for name in _XSD_INTEGERS},
    "decimal": re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$"),
    "double": re.compile(r"^([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?INF|NaN)$"),
    "float": re.compile(r"^([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|[+-]?INF|NaN)$"),
    "boolean": re.compile(r"^(true|false|1|0)$"),
    "date": re.compile(r"^-?\d{4,}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})?$"),
    "dateTime": re.compile(r"^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$"),
    "gYear": re.compile(r"^-?\d{4,}(Z|[+-]\d{2}:\d{2})?$"),
    "gYearMonth": re.compile(r"^-?\d{4,}-\d{2}(Z|[+-]\d{2}:\d{2})?$"),
    "time": re.compile(r"^\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$"),
}
_STRING_DATATYPES = {XSD + "string", RDF + "langString", RDF + "PlainLiteral"}


def label_variable(node_id: str) -> str:
    """The name of the label column the compiler adds for a node (without ``?``).

    >>> label_variable("person_1")
    'person_1_label'
    """
    return f"{node_id}_label"


# -- terms -------------------------------------------------------------------------


class _Terms:
    """Renders IRIs and literals, and remembers which prefixes were used."""

    def __init__(self, prefixes: Mapping[str, str]) -> None:
        for name, namespace in prefixes.items():
            if not _PREFIX_NAME.match(name):
                raise GraphCompileError(f"invalid prefix name {name!r}")
            _check_iri(namespace, "prefix namespace")
        # Longest namespace first, so the most specific prefix wins.
        self._prefixes = sorted(prefixes.items(), key=lambda item: (-len(item[1]), item[0]))
        self.used: dict[str, str] = {}

    def iri(self, iri: str, what: str = "IRI") -> str:
        full = _check_iri(iri, what)
        for name, namespace in self._prefixes:
            if iri.startswith(namespace) and _SAFE_LOCAL.match(iri[len(namespace):]):
                self.used[name] = namespace
                return f"{name}:{iri[len(namespace):]}"
        return full

    def predicate(self, iri: str, what: str = "link") -> str:
        return "a" if iri == RDF_TYPE else self.iri(iri, what)

    def literal(self, value: str | int | float | bool, datatype: str | None, what: str) -> str:
        lexical, datatype = _lexical_form(value, datatype, what)
        if datatype is None or datatype == XSD + "string":
            return _escaped(lexical, what)
        _check_iri(datatype, "datatype")
        if datatype.startswith(XSD) and _SAFE_LOCAL.match(datatype[len(XSD):]):
            # Same escaping as str(Literal(...)), with the datatype written as xsd:name for readability.
            return f"{_escaped(lexical, what)}^^{self.iri(datatype)}"
        return str(Literal(lexical, datatype=NamedNode(datatype)))


def _check_iri(iri: object, what: str) -> str:
    if not isinstance(iri, str) or not iri:
        raise GraphCompileError(f"{what} must be a non-empty IRI, got {iri!r}")
    try:
        return str(NamedNode(iri))
    except (ValueError, UnicodeError) as error:
        raise GraphCompileError(f"{what} {iri!r} is not a valid IRI: {error}") from None


def _escaped(text: str, what: str) -> str:
    r"""A SPARQL string literal for ``text``, escaped by pyoxigraph, then made safe for every parser.

    SPARQL lets an engine expand ``\uXXXX`` escapes *before* parsing (rdflib does,
    greedily taking 8 hex digits when it can), so two things must not appear: an escaped
    backslash followed by ``u``/``U``, and a 4-digit escape followed by hex digits. Both
    are rewritten with 8-digit ``\UXXXXXXXX`` escapes, which every engine reads the same.

    >>> print(_escaped('say "hi"', "value"))
    "say \"hi\""
    >>> len(_escaped(chr(92) + "u0022", "value"))  # backslash, u, 0022: the u becomes an escape
    18
    """
    try:
        serialised = str(Literal(text))
    except (ValueError, UnicodeError) as error:
        raise GraphCompileError(f"{what} is not valid text: {error}") from None
    if "\\" not in serialised:
        return serialised
    out: list[str] = []
    i, n = 0, len(serialised)
    while i < n:
        char = serialised[i]
        if char != "\\":
            out.append(char)
            i += 1
            continue
        following = serialised[i + 1]
        if following == "u":
            out.append("\\U0000" + serialised[i + 2 : i + 6])
            i += 6
        elif following == "U":
            out.append(serialised[i : i + 10])
            i += 10
        elif following == "\\" and i + 2 < n and serialised[i + 2] in "uU":
            out.append("\\\\" + ("\\U00000075" if serialised[i + 2] == "u" else "\\U00000055"))
            i += 3
        else:
            out.append(serialised[i : i + 2])
            i += 2
    return "".join(out)


def _lexical_form(value: object, datatype: str | None, what: str) -> tuple[str, str | None]:
    """The lexical form and datatype of a constraint value, checked against the datatype."""
    if datatype in _STRING_DATATYPES:
        datatype = None if datatype != XSD + "string" else datatype
    if isinstance(value, bool):
        lexical = "true" if value else "false"
        datatype = datatype or XSD + "boolean"
    elif isinstance(value, int):
        lexical, datatype = str(value), datatype or XSD + "integer"
    elif isinstance(value, float):
        if math.isnan(value):
            lexical = "NaN"
        elif math.isinf(value):
            lexical = "INF" if value > 0 else "-INF"
        else:
            lexical = repr(value)
        datatype = datatype or XSD + "double"
    elif isinstance(value, str):
        lexical = value
    else:
        raise GraphCompileError(f"{what}: unsupported value {value!r}")
    if datatype and datatype.startswith(XSD):
        pattern = _LEXICAL.get(datatype[len(XSD):])
        if datatype[len(XSD):] in _XSD_INTEGERS and isinstance(value, float) and value.is_integer():
            lexical = str(int(value))
        if pattern and not pattern.match(lexical):
            raise GraphCompileError(f"{what}: {lexical!r} is not a valid xsd:{datatype[len(XSD):]}")
    return lexical, datatype


# -- layout ------------------------------------------------------------------------


@dataclass
class _Block:
    """One group of the WHERE clause: the root, an OPTIONAL or a FILTER NOT EXISTS."""

    kind: str  # "root" | "optional" | "negated"
    depth: int = 0
    link: Edge | None = None  # the optional/negated edge that opens this block
    nodes: list[str] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    children: list[_Block] = field(default_factory=list)


def _layout(graph: PrototypeGraph) -> _Block:
    order = {n.id: i for i, n in enumerate(graph.nodes)}
    parent = {n.id: n.id for n in graph.nodes}

    def find(x: str) -> str:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    required = [e for e in graph.edges if not e.optional and not e.negated]
    for edge in required:
        a, b = find(edge.source), find(edge.target)
        if a != b:
            # Keep the earliest node as the representative, so the layout is deterministic.
            first, second = sorted((a, b), key=order.__getitem__)
            parent[second] = first
    members: dict[str, list[str]] = {}
    for node in graph.nodes:
        members.setdefault(find(node.id), []).append(node.id)

    root = _Block("root")
    block_of: dict[str, _Block] = {}  # component representative -> block
    used: set[int] = set()
    loose = [(i, e) for i, e in enumerate(graph.edges) if e.optional or e.negated]
    for component in members:  # insertion order = order of first node
        if component in block_of:
            continue
        block_of[component] = root
        root.nodes.extend(members[component])
        queue = [component]
        while queue:
            current = queue.pop(0)
            for index, edge in loose:
                if index in used:
                    continue
                ends = (find(edge.source), find(edge.target))
                if current not in ends:
                    continue
                other = ends[1] if ends[0] == current else ends[0]
                if other in block_of:
                    continue
                used.add(index)
                outer = block_of[current]
                block = _Block("negated" if edge.negated else "optional", outer.depth + 1, edge, list(members[other]))
                outer.children.append(block)
                block_of[other] = block
                queue.append(other)
    for edge in required:
        block_of[find(edge.source)].edges.append(edge)
    for index, edge in loose:
        if index in used:
            continue
        # Both ends are already placed: attach the edge where the deeper end lives.
        a, b = block_of[find(edge.source)], block_of[find(edge.target)]
        outer = a if a.depth >= b.depth else b
        outer.children.append(_Block("negated" if edge.negated else "optional", outer.depth + 1, edge))
    return root


def _hidden(root: _Block) -> set[str]:
    """Nodes inside a FILTER NOT EXISTS: they are never bound in a result row."""
    hidden: set[str] = set()

    def walk(b: _Block, negated: bool) -> None:
        negated = negated or b.kind == "negated"
        if negated:
            hidden.update(b.nodes)
        for child in b.children:
            walk(child, negated)

    walk(root, False)
    return hidden


# -- the compiler ----------------------------------------------------------------------


class _Variables:
    def __init__(self, reserved: Iterable[str]) -> None:
        self.used = set(reserved)

    def new(self, stem: str) -> str:
        name, n = stem, 2
        while name in self.used:
            name, n = f"{stem}_{n}", n + 1
        self.used.add(name)
        return name


def _local_stem(iri: str) -> str:
    local = re.split(r"[#/:]", iri.rstrip("/#"))[-1]
    return re.sub(r"[^A-Za-z0-9_]", "_", local)[:40] or "value"


def compile_sparql(
    graph: PrototypeGraph,
    *,
    labels: bool = True,
    language: str | None = "en",
    limit: int | None = DEFAULT_LIMIT,
    prefixes: Mapping[str, str] | None = None,
) -> str:
    """Compile a prototype graph into one SPARQL 1.1 SELECT query.

    ``graph.limit`` wins over ``limit`` when set; ``limit=None`` means no LIMIT.
    ``prefixes`` are added to :data:`DEFAULT_PREFIXES`; only the used ones are declared.

    :raises GraphCompileError: for an empty graph, an unknown node, a bad IRI or a value
        that does not fit its datatype.

    >>> graph = PrototypeGraph.model_validate({
    ...     "nodes": [{"id": "work_1", "class": "http://dbpedia.org/ontology/Work"},
    ...               {"id": "player_1", "class": "http://dbpedia.org/ontology/IceHockeyPlayer"}],
    ...     "edges": [{"source": "work_1", "link": "http://dbpedia.org/ontology/author", "target": "player_1"}],
    ... })
    >>> print(compile_sparql(graph, labels=False))
    PREFIX dbo: <http://dbpedia.org/ontology/>
    <BLANKLINE>
    SELECT DISTINCT ?work_1 ?player_1
    WHERE {
      ?work_1 a dbo:Work .
      ?player_1 a dbo:IceHockeyPlayer .
      ?work_1 dbo:author ?player_1 .
    }
    LIMIT 100
    """
    if not graph.nodes:
        raise GraphCompileError("the graph has no nodes")
    nodes: dict[str, Node] = {}
    for node in graph.nodes:
        if not isinstance(node.id, str) or not _NODE_ID.match(node.id):
            raise GraphCompileError(f"invalid node id {node.id!r}: use letters, digits and _")
        nodes[node.id] = node
    for edge in graph.edges:
        for end in (edge.source, edge.target):
            if end not in nodes:
                raise GraphCompileError(f"edge {edge.source} → {edge.target} names an unknown node {end!r}")
        if edge.optional and edge.negated:
            raise GraphCompileError(f"edge {edge.source} → {edge.target} cannot be both optional and negated")
    if language is not None and language != "" and not _LANGUAGE.match(language):
        raise GraphCompileError(f"invalid language tag {language!r}")

    terms = _Terms({**DEFAULT_PREFIXES, **(prefixes or {})})
    root = _layout(graph)
    hidden = _hidden(root)
    visible = [n.id for n in graph.nodes if n.id not in hidden]

    aggregation = graph.aggregation
    if aggregation is not None:
        for node_id in (aggregation.count, *aggregation.group_by):
            if node_id not in nodes:
                raise GraphCompileError(f"the count names an unknown node {node_id!r}")
            if node_id in hidden:
                raise GraphCompileError(f"cannot count or group by {node_id!r}: it sits under a negated edge")
        returned = list(dict.fromkeys(aggregation.group_by))
    else:
        returned = [n for n in visible if nodes[n].select] or visible

    variables = _Variables(nodes)
    label_var = {n: variables.new(label_variable(n)) for n in returned} if labels else {}
    count_var = variables.new("count") if aggregation is not None else None
    value_var: dict[tuple[str, str], str] = {}
    for node in graph.nodes:
        for constraint in node.constraints:
            key = (node.id, constraint.property)
            if key not in value_var:
                value_var[key] = variables.new(f"{node.id}_{_local_stem(constraint.property)}")

    tag = _escaped(language, "language") if language else None

    def emit(block: _Block, indent: str) -> list[str]:
        lines: list[str] = []
        linked = {e.source for e in block.edges} | {e.target for e in block.edges}
        if block.link is not None:
            lines.append(f"{indent}{_triple(block.link, terms)}")
            linked |= {block.link.source, block.link.target}
        for node_id in block.nodes:
            node = nodes[node_id]
            if node.instances:
                values = " ".join(terms.iri(i, f"instance of {node_id}") for i in node.instances)
                lines.append(f"{indent}VALUES ?{node_id} {{ {values} }}")
        for node_id in block.nodes:
            node = nodes[node_id]
            if node.class_ == OWL_THING and node_id in linked and not node.include_subclasses:
                continue  # everything is a Thing; the edge already binds the variable
            klass = terms.iri(node.class_, f"class of {node_id}")
            if node.include_subclasses:
                path = f"{terms.iri(RDF_TYPE)}/{terms.iri(RDFS_SUBCLASS_OF)}*"
                lines.append(f"{indent}?{node_id} {path} {klass} .")
            else:
                lines.append(f"{indent}?{node_id} a {klass} .")
        lines.extend(f"{indent}{_triple(e, terms)}" for e in block.edges)
        for node_id in block.nodes:
            node = nodes[node_id]
            for prop in dict.fromkeys(c.property for c in node.constraints):
                var = value_var[(node_id, prop)]
                lines.append(f"{indent}?{node_id} {terms.predicate(prop, f'property of {node_id}')} ?{var} .")
            for constraint in node.constraints:
                var = value_var[(node_id, constraint.property)]
                lines.append(f"{indent}FILTER({_filter(var, constraint, terms, node_id)})")
        for child in block.children:
            keyword = "OPTIONAL" if child.kind == "optional" else "FILTER NOT EXISTS"
            lines.append(f"{indent}{keyword} {{")
            lines.extend(emit(child, indent + "  "))
            lines.append(f"{indent}}}")
        for node_id in block.nodes:
            if node_id in label_var:
                var = label_var[node_id]
                label = f"?{node_id} {terms.iri(RDFS_LABEL)} ?{var} ."
                if tag:
                    label += f' FILTER(LANG(?{var}) = "" || LANGMATCHES(LANG(?{var}), {tag}))'
                lines.append(f"{indent}OPTIONAL {{ {label} }}")
        return lines

    body = emit(root, "  ")

    projection: list[str] = []
    for node_id in returned:
        projection.append(f"?{node_id}")
        if node_id in label_var:
            projection.append(f"?{label_var[node_id]}")
    group_by = list(projection)
    if aggregation is not None:
        projection.append(f"(COUNT(DISTINCT ?{aggregation.count}) AS ?{count_var})")

    modifiers: list[str] = []
    if group_by and aggregation is not None:
        modifiers.append("GROUP BY " + " ".join(group_by))
    order_terms = []
    for order in graph.order_by:
        if order.node == "count" and aggregation is not None:
            var = count_var
        elif order.node in nodes and order.node not in hidden:
            if aggregation is not None and order.node not in returned:
                raise GraphCompileError(f"cannot order by {order.node!r}: it is neither counted nor grouped")
            var = order.node
        else:
            raise GraphCompileError(f"cannot order by {order.node!r}: no such returned node")
        order_terms.append(f"DESC(?{var})" if order.descending else f"?{var}")
    if order_terms:
        modifiers.append("ORDER BY " + " ".join(order_terms))
    effective_limit = graph.limit if graph.limit is not None else limit
    if effective_limit is not None:
        if not isinstance(effective_limit, int) or effective_limit < 0:
            raise GraphCompileError(f"invalid limit {effective_limit!r}")
        modifiers.append(f"LIMIT {effective_limit}")
    if graph.offset:
        if not isinstance(graph.offset, int) or graph.offset < 0:
            raise GraphCompileError(f"invalid offset {graph.offset!r}")
        modifiers.append(f"OFFSET {graph.offset}")

    prologue = [f"PREFIX {name}: <{terms.used[name]}>" for name in sorted(terms.used)]
    query = [*prologue, ""] if prologue else []
    query.append("SELECT DISTINCT " + " ".join(projection))
    query.append("WHERE {")
    query.extend(body)
    query.append("}")
    query.extend(modifiers)
    return "\n".join(query)


def _triple(edge: Edge, terms: _Terms) -> str:
    return f"?{edge.source} {terms.predicate(edge.link)} ?{edge.target} ."


def _filter(var: str, constraint: Constraint, terms: _Terms, node_id: str) -> str:
    what = f"constraint on {node_id}"
    op = ConstraintOp(constraint.op)
    value, datatype = constraint.value, constraint.datatype
    if op is ConstraintOp.LANG:
        tag = str(value)
        if tag != "*" and not _LANGUAGE.match(tag):
            raise GraphCompileError(f"{what}: {tag!r} is not a language tag")
        return f"LANGMATCHES(LANG(?{var}), {_escaped(tag, what)})"
    if op in (ConstraintOp.CONTAINS, ConstraintOp.STARTSWITH, ConstraintOp.REGEX):
        text = _escaped(_lexical_form(value, None, what)[0], what)
        if op is ConstraintOp.CONTAINS:
            return f"CONTAINS(LCASE(STR(?{var})), LCASE({text}))"
        if op is ConstraintOp.STARTSWITH:
            return f"STRSTARTS(LCASE(STR(?{var})), LCASE({text}))"
        return f'REGEX(STR(?{var}), {text}, "i")'
    literal = terms.literal(value, datatype, what)
    stringy = isinstance(value, str) and (datatype is None or datatype in _STRING_DATATYPES)
    if stringy and op in (ConstraintOp.EQ, ConstraintOp.NE):
        # STR() so that a plain string also matches language-tagged values.
        return f"STR(?{var}) {op.value} {literal}"
    return f"?{var} {op.value} {literal}"
