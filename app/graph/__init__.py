"""The prototype graph and everything that reasons about one graph against one ontology.

``model`` is the schema every layer shares; ``edits``/``history`` change a graph,
``suggestions`` lists what the editor may offer, ``validate`` checks a graph and
``restate`` says it in English. Pure functions; imports only ``app.errors``,
``app.settings`` and ``ontology_loaders``.
"""
