"""arXiv's announcement feeds (rss.arxiv.org/atom/<category>; issue 22, hostile input): the
abstract kept arXiv's "arXiv:<id>v1 Announce Type: new / Abstract:" lead, the authors were one
name, and the arXiv id (given as an OAI identifier) was lost."""

from __future__ import annotations

from generator.read.atom import read_atom

FEED = """<?xml version='1.0' encoding='UTF-8'?>
<feed xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns:dc="http://purl.org/dc/elements/1.1/"
      xmlns="http://www.w3.org/2005/Atom" xml:lang="en-us">
  <id>http://rss.arxiv.org/atom/cs.LG</id>
  <title>cs.LG updates on arXiv.org</title>
  <updated>2024-01-02T00:00:00-05:00</updated>
  <entry>
    <id>oai:arXiv.org:2401.00011v1</id>
    <title>A New Paper From The Feed</title>
    <updated>2024-01-02T00:00:00-05:00</updated>
    <link href="https://arxiv.org/abs/2401.00011" rel="alternate" type="text/html"/>
    <summary>arXiv:2401.00011v1 Announce Type: new
Abstract: We propose a method for learning from feeds.</summary>
    <published>2024-01-02T00:00:00-05:00</published>
    <arxiv:announce_type>new</arxiv:announce_type>
    <dc:creator>Jane Doe, Ann Lee, Bob Ray</dc:creator>
  </entry>
</feed>
"""


def test_announcement_entry_reads_as_the_paper() -> None:
    [record] = read_atom(FEED.encode(), "a.atom", "seeds/a.atom").records
    assert (record.meta.title, record.text, record.meta.authors, record.meta.arxiv_id) == (
        "A New Paper From The Feed", "We propose a method for learning from feeds.",
        ("Jane Doe", "Ann Lee", "Bob Ray"), "2401.00011")


def test_a_comma_in_an_api_author_name_stays() -> None:
    """Only the announcement feed lists creators with commas; the API's <author><name> is one
    person each (and the lead is removed only in an announcement)."""
    api = FEED.replace("<arxiv:announce_type>new</arxiv:announce_type>", "").replace(
        "<dc:creator>Jane Doe, Ann Lee, Bob Ray</dc:creator>",
        "<author><name>Doe, Jane</name></author>")
    [record] = read_atom(api.encode(), "a.atom", "seeds/a.atom").records
    assert record.meta.authors == ("Jane Doe",)  # "Family, Given" read as one person
    assert record.text.startswith("arXiv:2401.00011v1 Announce Type: new")
