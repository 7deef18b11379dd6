"""handbook_crawler/sitemap_spider.py — Scrapy SitemapSpider for the staff
handbook served from handbook.corp.internal (or a local `mkdocs serve`).

    scrapy crawl handbook_sitemap -a base=http://localhost:8088 \
        -O build/handbook.jsonl -s JOBDIR=build/jobs/handbook

Everything lives in this module: the spider, a downloader middleware that
pins requests to the allowed host, and item pipelines that normalise text,
record redirects and write per-section statistics.  The job directory is
inside build/ and is wiped with --fresh (a custom command-line argument
handled in from_crawler).
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import time
from collections import Counter, defaultdict
from pathlib import Path
from urllib.parse import urlsplit

import scrapy
from scrapy import signals
from scrapy.exceptions import DropItem, IgnoreRequest, NotConfigured
from scrapy.spiders import SitemapSpider

PKG = Path(__file__).resolve().parent
BUILD_DIR = PKG.parent / "build"
PERMITTED = {"handbook.corp.internal", "localhost", "127.0.0.1"}
WS = re.compile(r"\s+")


class HostPinMiddleware:
    """Drops any request that would leave the handbook host."""

    def __init__(self, hosts: set[str]):
        self.hosts = hosts

    @classmethod
    def from_crawler(cls, crawler):
        hosts = set(crawler.settings.getlist("HANDBOOK_HOSTS")) or PERMITTED
        if not hosts <= PERMITTED:
            raise NotConfigured(f"HANDBOOK_HOSTS may only contain {sorted(PERMITTED)}")
        return cls(hosts)

    def process_request(self, request, spider):
        host = urlsplit(request.url).hostname
        if host not in self.hosts:
            spider.crawler.stats.inc_value("hostpin/dropped")
            raise IgnoreRequest(f"off-site request to {host}")
        return None


class HandbookSitemapSpider(SitemapSpider):
    name = "handbook_sitemap"
    sitemap_rules = [(r"/policies/", "parse_policy"), (r"/", "parse_page")]
    custom_settings = {
        "ROBOTSTXT_OBEY": True,
        "DOWNLOAD_DELAY": 0.25,
        "CONCURRENT_REQUESTS": 6,
        "HTTPCACHE_ENABLED": True,
        "HTTPCACHE_DIR": str(BUILD_DIR / "httpcache"),
        "DOWNLOADER_MIDDLEWARES": {f"{__name__}.HostPinMiddleware": 50},
        "ITEM_PIPELINES": {
            f"{__name__}.NormalisePipeline": 100,
            f"{__name__}.ChecksumDedupPipeline": 200,
            f"{__name__}.RedirectReportPipeline": 300,
            f"{__name__}.SectionStatsPipeline": 800,
        },
    }

    def __init__(self, base: str = "http://localhost:8088", fresh: str = "no", *args, **kwargs):
        host = urlsplit(base).hostname
        if host not in PERMITTED:
            raise ValueError(f"base host {host!r} is not the handbook")
        self.sitemap_urls = [base.rstrip("/") + "/sitemap.xml"]
        self.allowed_domains = [host]
        self.fresh = fresh.lower() in ("1", "yes", "true")
        super().__init__(*args, **kwargs)

    @classmethod
    def from_crawler(cls, crawler, *args, **kwargs):
        spider = super().from_crawler(crawler, *args, **kwargs)
        jobdir = crawler.settings.get("JOBDIR")
        if spider.fresh and jobdir:
            job_path = Path(jobdir).resolve()
            if BUILD_DIR.resolve() in job_path.parents:
                shutil.rmtree(job_path, ignore_errors=True)
                spider.logger.info("removed previous job state %s", job_path)
            else:
                spider.logger.warning("JOBDIR %s is outside build/, not removing it", job_path)
        crawler.signals.connect(spider.on_closed, signal=signals.spider_closed)
        return spider

    def page_item(self, response, kind: str) -> dict:
        return {
            "url": response.url,
            "kind": kind,
            "title": response.xpath("//h1//text()").get(default="").strip(),
            "updated": response.css("meta[name='last-updated']::attr(content)").get(),
            "body": " ".join(response.css("article *::text").getall()),
            "redirected_from": response.request.meta.get("redirect_urls", []),
        }

    def parse_page(self, response):
        yield self.page_item(response, "page")

    def parse_policy(self, response):
        item = self.page_item(response, "policy")
        item["owner"] = response.css(".policy-owner::text").get(default="").strip()
        item["review_due"] = response.css(".review-due::attr(datetime)").get()
        yield item

    def on_closed(self, spider, reason):
        self.logger.info("closed (%s) after %s pages", reason, self.crawler.stats.get_value("item_scraped_count", 0))


class RedirectReportPipeline:
    """Collects pages that were reached via redirects so links can be fixed."""

    def open_spider(self, spider):
        self.redirects: list[dict] = []

    def process_item(self, item, spider):
        if item.get("redirected_from"):
            self.redirects.append({"final": item["url"], "from": item["redirected_from"]})
        return item

    def close_spider(self, spider):
        BUILD_DIR.mkdir(parents=True, exist_ok=True)
        (BUILD_DIR / "handbook-redirects.json").write_text(json.dumps(self.redirects, indent=2))


class NormalisePipeline:
    def process_item(self, item, spider):
        body = WS.sub(" ", item.get("body") or "").strip()
        if not body:
            raise DropItem(f"empty body: {item['url']}")
        item["body"] = body
        item["words"] = len(body.split())
        item["title"] = WS.sub(" ", item.get("title") or "") or urlsplit(item["url"]).path
        return item


class ChecksumDedupPipeline:
    def open_spider(self, spider):
        self.by_hash: dict[str, str] = {}

    def process_item(self, item, spider):
        digest = hashlib.blake2b(item["body"].encode(), digest_size=16).hexdigest()
        first = self.by_hash.setdefault(digest, item["url"])
        if first != item["url"]:
            spider.crawler.stats.inc_value("dedup/dropped")
            raise DropItem(f"same content as {first}")
        item["checksum"] = digest
        return item


class SectionStatsPipeline:
    """Per-section counts and overdue policy reviews, written at close."""

    def open_spider(self, spider):
        self.sections: Counter = Counter()
        self.words: defaultdict[str, int] = defaultdict(int)
        self.overdue: list[dict] = []
        self.started = time.time()

    def process_item(self, item, spider):
        section = urlsplit(item["url"]).path.strip("/").split("/")[0] or "home"
        self.sections[section] += 1
        self.words[section] += item["words"]
        due = item.get("review_due")
        if due and due < time.strftime("%Y-%m-%d"):
            self.overdue.append({"url": item["url"], "owner": item.get("owner"), "due": due})
        return item

    def close_spider(self, spider):
        BUILD_DIR.mkdir(parents=True, exist_ok=True)
        stats = {
            "seconds": round(time.time() - self.started, 1),
            "sections": {s: {"pages": n, "words": self.words[s]} for s, n in self.sections.most_common()},
            "overdue_policies": sorted(self.overdue, key=lambda r: r["due"]),
        }
        (BUILD_DIR / "handbook-stats.json").write_text(json.dumps(stats, indent=2))
        spider.logger.info("%d overdue policy reviews", len(self.overdue))
