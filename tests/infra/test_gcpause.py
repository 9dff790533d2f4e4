"""``generator.infra.gcpause.paused``: the cycle collector is off inside, and afterwards in
the state it was in before (also when the block raises)."""

import gc

import pytest

from generator.infra.gcpause import paused


def test_paused_disables_then_restores():
    assert gc.isenabled()
    with paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_paused_restores_after_an_error():
    with pytest.raises(KeyError), paused():
        raise KeyError("x")
    assert gc.isenabled()


def test_paused_leaves_a_disabled_collector_disabled():
    gc.disable()
    try:
        with paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_read_jsonl_restores_the_collector_after_a_bad_line():
    from generator.errors import InputError
    from generator.read.jsonl import read_jsonl

    with pytest.raises(InputError, match=r"^p\.jsonl:2: not JSON: Expecting value \(column 11\)$"):
        read_jsonl(b'{"title": "A", "abstract": "x"}\n{"title": \n', "p.jsonl", "p.jsonl")
    assert gc.isenabled()
