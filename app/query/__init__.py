"""Prototype graph → SPARQL → results: compile and parse queries, run them on the
embedded store or a remote endpoint, and shape the answers into tables, charts and exports.

* ``compile`` (graph → SELECT, with ``terms`` for IRIs and literals); ``parse`` (SELECT →
  graph, with ``algebra`` reading rdflib's algebra);
* ``check`` (valid and read-only), ``engine`` (the ``KnowledgeGraph`` interface), ``embedded``
  and ``remote`` (the two engines), ``run`` (choose the engine, run, page), ``counts``;
* ``sparql_results`` (the answer model), ``results`` (table), ``charts``, ``export``;
* ``dashboard`` (charts beyond the result columns: dates, coordinates, counts per node) and
  ``instance_card`` (one instance's card, and pinning it into a graph).

Imports ``app.graph`` and ``ontology_loaders``; never ``app.nl``.
"""
