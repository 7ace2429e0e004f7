"""Routes: the event list, event and article pages, and the JSON API (``/api/...``)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import jinja2
from fastapi import Body, FastAPI, Query, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware

from newsweave import __version__
from newsweave.errors import NewsweaveError, UsageError
from newsweave.records import SCHEMA
from newsweave.report.card import WEB, event_card
from newsweave.report.html import card_css, make_environment
from newsweave.store import Store
from newsweave.store.codec import event_from_dict
from newsweave.web import views
from newsweave.web.security import Hardened, with_headers

if TYPE_CHECKING:
    from newsweave.pipeline import Pipeline

HERE = Path(__file__).parent
# HTML pages: GET and HEAD (link checkers and monitors ask HEAD), kept out of the API document.
PAGE: dict[str, Any] = {"methods": ["GET", "HEAD"], "response_class": HTMLResponse,
                        "include_in_schema": False}
ID = r"^[A-Za-z0-9._-]{1,200}$"
EventId = Annotated[str, PathParam(pattern=ID, description="An event id (URL-safe).")]
ArticleId = Annotated[str, PathParam(pattern=ID, description="An article id (URL-safe).")]


class Stores:
    """One read-only connection per server thread; writes (corrections) open their own."""

    def __init__(self, db: str | Path) -> None:
        self.db = db
        self.local = threading.local()
        self.lock = threading.Lock()

    def read(self) -> Store:
        store: Store | None = getattr(self.local, "store", None)
        if store is None:
            store = Store(self.db, readonly=True)
            self.local.store = store
        return store

    @cached_property
    def pipeline(self) -> Pipeline:
        from newsweave.pipeline import Pipeline

        return Pipeline()  # built on the first correction only: reading never needs it

    def write(self) -> Store:
        return Store(self.db, pipeline=self.pipeline)


def _templates() -> jinja2.Environment:
    env = make_environment(HERE / "templates")  # autoescaped: every piece of scraped text
    env.globals.update(anchor=views.anchor, version=__version__)
    return env


def build(db: str | Path, allowed_hosts: list[str] | None = None) -> FastAPI:
    from newsweave.store.db import is_url

    if not is_url(db) and not Path(db).exists():
        raise UsageError(f"{db}: no such store; create one with: newsweave ingest PATH --db {db}")
    stores = Stores(db)
    stores.read()  # fail at start-up, not on the first request, if the store is unreadable
    env = _templates()
    app = FastAPI(title="newsweave", version=__version__, docs_url=None, redoc_url=None,
                  description="Events, briefings and articles from a newsweave store.")
    if allowed_hosts:  # answer only to our own names: defeats DNS rebinding to the loopback port
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts)
    app.add_middleware(Hardened)  # outermost: every answer carries the security headers

    @app.api_route("/static/card.css", methods=["GET", "HEAD"], include_in_schema=False)
    def card_style() -> Response:  # the notebook's and briefing file's card style, as a file
        return Response(card_css(), media_type="text/css")

    @app.api_route("/favicon.ico", methods=["GET", "HEAD"], include_in_schema=False)
    def favicon() -> Response:  # browsers ask for it on every page: no icon, and no 404 in their console
        return Response(status_code=204)

    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    def page(name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        return HTMLResponse(env.get_template(name).render(**ctx), status_code=status)

    def not_found(what: str) -> HTTPException:
        return HTTPException(404, f"{what} not found")

    @app.api_route("/", **PAGE)
    def index(
        q: Annotated[str, Query(max_length=200)] = "",
        page_no: Annotated[int, Query(alias="page", ge=1, le=100_000)] = 1,
    ) -> HTMLResponse:
        store = stores.read()
        if q.strip():
            rows, total = store.search(q, views.PER_PAGE, (page_no - 1) * views.PER_PAGE)
            pages = views.paginate(page_no, total)
            if pages.page != page_no:  # past the end: show the last page
                rows, _ = store.search(q, views.PER_PAGE, pages.offset)
        else:
            pages = views.paginate(page_no, store.event_count())
            rows = store.events(views.PER_PAGE, pages.offset)
        return page("index.html", events=rows, q=q.strip(), pages=pages,
                    articles=store.article_count())

    def briefing_or_redirect(event_id: str, route: str) -> dict[str, Any] | RedirectResponse:
        """The cached briefing of an event, or a redirect when a merge folded its id into another."""
        store = stores.read()
        eid = store.resolve(event_id)
        if eid is None:
            raise not_found("event")
        if eid != event_id:
            return RedirectResponse(f"{route}{eid}", status_code=301)
        doc = store.briefing_dict(eid)
        if doc is None:
            raise not_found("event briefing")
        return doc

    @app.api_route("/events/{event_id}", **PAGE)
    def event_page(event_id: EventId) -> Response:
        doc = briefing_or_redirect(event_id, "/events/")
        if isinstance(doc, RedirectResponse):
            return doc
        event = event_from_dict(doc)
        return page("event.html", card=event_card(event, WEB), title=event.title)

    @app.api_route("/articles/{article_id}", **PAGE)
    def article_page(article_id: ArticleId) -> HTMLResponse:
        store = stores.read()
        found = store.article(article_id)
        if found is None:
            raise not_found("article")
        art, eid = found
        event = store.events_row(eid) if eid else None
        pieces = views.highlight(art.text, store.cited_spans(art.id))
        return page("article.html", art=art, event=event, pieces=pieces, title=art.title or art.id)

    @app.get("/api/events", summary="Every event, newest first (the `events --format json` document)")
    def api_events() -> dict[str, Any]:
        return stores.read().events_document()

    @app.get("/api/events/{event_id}", summary="One event's briefing (schema newsweave.briefing/1)")
    def api_event(event_id: EventId) -> Any:
        doc = briefing_or_redirect(event_id, "/api/events/")
        if isinstance(doc, RedirectResponse):
            return doc
        return {"schema": SCHEMA, "events": [doc]}

    @app.get("/api/articles/{article_id}", summary="One stored article, cleaned, with its event")
    def api_article(article_id: ArticleId) -> dict[str, Any]:
        found = stores.read().article(article_id)
        if found is None:
            raise not_found("article")
        art, eid = found
        return {**art.to_dict(), "event": eid}

    @app.post("/api/events/{event_id}/merge", summary="Merge another event into this one")
    def api_merge(
        event_id: EventId, other: Annotated[str, Body(embed=True, pattern=ID)]
    ) -> dict[str, str]:
        with stores.lock, stores.write() as store:
            return {"event": _correct(lambda: store.merge(event_id, other))}

    @app.post("/api/events/{event_id}/split", summary="Take articles out into a new event")
    def api_split(
        event_id: EventId,
        articles: Annotated[list[str], Body(embed=True, min_length=1, max_length=1000)],
    ) -> dict[str, str]:
        with stores.lock, stores.write() as store:
            return {"event": _correct(lambda: store.split(event_id, articles))}

    @app.post("/api/articles/{article_id}/unlink", summary="Mark an article as not a copy")
    def api_unlink(article_id: ArticleId) -> dict[str, str]:
        with stores.lock, stores.write() as store:
            return {"event": _correct(lambda: store.unlink(article_id))}

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        response = _error(request, exc.status_code, str(exc.detail))
        response.headers.update(exc.headers or {})  # e.g. the Allow header a 405 must carry
        return response

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        return _error(request, 422, "the request is not valid: check the address and parameters")

    @app.exception_handler(Exception)
    async def crashed(request: Request, exc: Exception) -> Response:
        return with_headers(_error(request, 500, "internal error; the server log has the details"))

    def _error(request: Request, status: int, message: str) -> Response:
        if request.url.path.startswith(("/api/", "/openapi")):
            return JSONResponse({"detail": message}, status_code=status)
        return page("error.html", status=status, code=status, message=message, title=str(status))

    return app


def _correct(action: Callable[[], str]) -> str:
    try:
        result: str = action()
    except NewsweaveError as exc:
        raise HTTPException(400, str(exc)) from None
    return result
