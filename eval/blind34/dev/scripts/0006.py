"""Scrapy spider + pipelines that index our own documentation site.

Run against the docs dev server (`make docs-serve` listens on :8000):

    scrapy runspider tools/docs_index.py -O build/docs-index.jsonl \
        -a start=http://localhost:8000/ -s CLOSESPIDER_PAGECOUNT=500

The spider refuses start URLs whose host is not in ALLOWED_HOSTS, so it
cannot be pointed at someone else's site by accident.  Pipelines strip
markup, drop duplicates, flag dead anchors and write a search index plus
a link report under build/.
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse

import scrapy
from itemadapter import ItemAdapter
from scrapy.exceptions import CloseSpider, DropItem

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
ALLOWED_HOSTS = {"localhost", "127.0.0.1", "docs.acme.internal"}
SKIP_EXT = (".png", ".jpg", ".svg", ".pdf", ".zip", ".woff2", ".ico")


class DocPage(scrapy.Item):
    url = scrapy.Field()
    title = scrapy.Field()
    headings = scrapy.Field()
    text = scrapy.Field()
    links = scrapy.Field()
    anchors = scrapy.Field()
    section = scrapy.Field()


class DocsSpider(scrapy.Spider):
    name = "docs"
    custom_settings = {
        "ROBOTSTXT_OBEY": True,
        "AUTOTHROTTLE_ENABLED": True,
        "CONCURRENT_REQUESTS_PER_DOMAIN": 4,
        "USER_AGENT": "acme-docs-indexer (+local build)",
        "ITEM_PIPELINES": {
            f"{__name__}.CleanTextPipeline": 100,
            f"{__name__}.DedupePipeline": 200,
            f"{__name__}.AnchorCheckPipeline": 300,
            f"{__name__}.IndexWriterPipeline": 900,
        },
    }

    def __init__(self, start: str = "http://localhost:8000/", *args, **kwargs):
        super().__init__(*args, **kwargs)
        host = urlparse(start).hostname or ""
        if host not in ALLOWED_HOSTS:
            raise CloseSpider(f"refusing to crawl {host!r}: not one of our docs hosts")
        self.start_urls = [start]
        self.allowed_domains = [host]
        self.base_path = urlparse(start).path or "/"

    def parse(self, response):
        if "text/html" not in response.headers.get("Content-Type", b"").decode():
            return
        links = []
        for href in response.css("a::attr(href)").getall():
            absolute, _frag = urldefrag(urljoin(response.url, href))
            parsed = urlparse(absolute)
            if parsed.scheme not in ("http", "https"):
                continue
            links.append(urljoin(response.url, href))
            if parsed.hostname in self.allowed_domains and parsed.path.startswith(self.base_path):
                if not parsed.path.lower().endswith(SKIP_EXT):
                    yield response.follow(absolute, callback=self.parse)
        yield DocPage(
            url=response.url,
            title=(response.css("title::text").get() or "").strip(),
            headings=[h.strip() for h in response.css("h1::text, h2::text, h3::text").getall()],
            text=" ".join(response.css("main ::text, article ::text").getall()),
            links=links,
            anchors=response.css("[id]::attr(id)").getall(),
            section=urlparse(response.url).path.strip("/").split("/")[0] or "index",
        )


class CleanTextPipeline:
    WS = re.compile(r"\s+")

    def process_item(self, item, spider):
        adapter = ItemAdapter(item)
        text = self.WS.sub(" ", adapter.get("text") or "").strip()
        if len(text) < 40:
            raise DropItem(f"almost empty page {adapter['url']}")
        adapter["text"] = text
        adapter["headings"] = [self.WS.sub(" ", h) for h in adapter.get("headings", []) if h]
        return item


class DedupePipeline:
    def __init__(self):
        self.seen: dict[str, str] = {}

    def process_item(self, item, spider):
        adapter = ItemAdapter(item)
        digest = hashlib.sha1(adapter["text"].encode()).hexdigest()
        if digest in self.seen:
            spider.logger.info("duplicate of %s: %s", self.seen[digest], adapter["url"])
            raise DropItem("duplicate content")
        self.seen[digest] = adapter["url"]
        return item


class AnchorCheckPipeline:
    """Collects fragment links and checks them once the crawl finishes."""

    def __init__(self):
        self.anchors: dict[str, set[str]] = {}
        self.fragment_links: list[tuple[str, str]] = []

    def process_item(self, item, spider):
        adapter = ItemAdapter(item)
        page, _ = urldefrag(adapter["url"])
        self.anchors[page] = set(adapter.get("anchors") or [])
        for link in adapter.get("links") or []:
            target, frag = urldefrag(link)
            if frag:
                self.fragment_links.append((adapter["url"], link))
        return item

    def close_spider(self, spider):
        broken = []
        for source, link in self.fragment_links:
            target, frag = urldefrag(link)
            known = self.anchors.get(target)
            if known is not None and frag not in known:
                broken.append({"page": source, "link": link})
        BUILD.mkdir(exist_ok=True)
        report = BUILD / "docs-broken-anchors.json"
        report.write_text(json.dumps(broken, indent=2))
        spider.logger.info("%d broken anchors -> %s", len(broken), report)


class IndexWriterPipeline:
    """Writes the search index atomically: a temp dir is filled and then
    swapped into build/search-index/, and the temp dir is removed."""

    def open_spider(self, spider):
        BUILD.mkdir(exist_ok=True)
        self.tmpdir = Path(tempfile.mkdtemp(prefix="docs-index-", dir=BUILD))
        self.shards: dict[str, list[dict]] = {}

    def process_item(self, item, spider):
        adapter = ItemAdapter(item)
        entry = {
            "url": adapter["url"],
            "title": adapter["title"],
            "headings": adapter["headings"][:20],
            "excerpt": adapter["text"][:300],
        }
        self.shards.setdefault(adapter["section"], []).append(entry)
        return item

    def close_spider(self, spider):
        manifest = {}
        for section, entries in sorted(self.shards.items()):
            name = f"{section}.json"
            (self.tmpdir / name).write_text(json.dumps(entries, ensure_ascii=False))
            manifest[section] = {"file": name, "pages": len(entries)}
        (self.tmpdir / "manifest.json").write_text(json.dumps(manifest, indent=2))

        final = BUILD / "search-index"
        if final.exists():
            # only ever our own output directory under build/
            assert final.resolve().parent == BUILD.resolve()
            shutil.rmtree(final)
        self.tmpdir.rename(final)
        spider.logger.info("index written: %d sections", len(manifest))
