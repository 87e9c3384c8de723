"""Question → prototype graph (Kantz et al., OnSET): the two-pass constrained pipeline.

``pipeline.extract_graph`` runs the named stages of ``stages`` over one ``draft.Draft``:
prompt (``prompt``), the model's line format (``lines``), class and link mentions
(``mentions``), retrieval (``retrieval``, ``embedding``), entity linking, clean-up, and
the language model (``llm``). Imports ``app.graph.model``, ``grammar`` and
``ontology_loaders``; never ``app.query``.
"""
