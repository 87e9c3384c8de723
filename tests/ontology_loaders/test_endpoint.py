import pytest

from ontology_loaders import OntologyLoadError, load_ontology, load_ontology_from_endpoint

DBO = "http://dbpedia.org/ontology/"


@pytest.mark.slow
def test_real_dbpedia_ontology_through_a_real_sparql_server(oxigraph_endpoint, dbo_path):
    url = oxigraph_endpoint(dbo_path)
    # Small pages force the paging path: the schema spans several requests.
    remote = load_ontology_from_endpoint(url, page_size=2_000)
    local = load_ontology([dbo_path])
    assert remote.stats() == local.stats()
    assert remote.model_dump(exclude={"sources"}) == local.model_dump(exclude={"sources"})


def test_hanging_endpoint_times_out_with_a_clear_message(hanging_url):
    with pytest.raises(OntologyLoadError, match="no answer within 1 s"):
        load_ontology_from_endpoint(hanging_url, timeout=1)


@pytest.mark.parametrize("status", [400, 404, 500, 503])
def test_http_error_is_reported(scripted_server, status):
    _, url = scripted_server((status, b"boom"))
    with pytest.raises(OntologyLoadError, match=f"HTTP {status}"):
        load_ontology_from_endpoint(url, timeout=5)


def test_closed_port_is_unreachable(closed_port_url):
    with pytest.raises(OntologyLoadError, match="unreachable"):
        load_ontology_from_endpoint(closed_port_url, timeout=2)


@pytest.mark.slow
def test_endpoint_without_classes_is_an_error(oxigraph_endpoint, tmp_path):
    data = tmp_path / "facts.ttl"
    data.write_text("<http://e/a> <http://e/b> <http://e/c> .")
    with pytest.raises(OntologyLoadError, match="declares no classes"):
        load_ontology_from_endpoint(oxigraph_endpoint(data))
