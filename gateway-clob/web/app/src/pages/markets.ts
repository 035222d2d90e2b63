// The markets page: events with their markets, prices and 24 h volume;
// search (Gamma's /public-search) and filters (status, category, tag,
// sports, negRisk). A negRisk event shows every outcome's price and
// their sum, which is about 1 since exactly one outcome wins.
import type { GammaEvent, GammaMarket, Tag } from "@pred/client";

import type { Ctx, Page } from "../context.js";
import { field, h, replace } from "../dom.js";
import { errorView } from "../errors.js";
import { pct, usd } from "../format.js";

/** Events one list request asks for (Gamma's page maximum). */
const EVENTS_PER_LOAD = 100;
/** Typing pauses this long before a search is sent. */
const SEARCH_DEBOUNCE_MS = 250;

type Status = "open" | "resolved" | "all";

interface Filters {
  q: string;
  status: Status;
  category: string;
  tag: string;
  sports: boolean;
  negRisk: boolean;
}

export const marketsPage: Page = (ctx, root) => {
  const f: Filters = { q: "", status: "open", category: "", tag: "", sports: false, negRisk: false };
  const list = h("div", { class: "event-list", "aria-live": "polite" });
  const page = h("section", { testid: "markets", "aria-labelledby": "markets-title" });
  const category = h("select", { testid: "filter-category" }, h("option", { value: "" }, "All categories"));
  const tag = h("select", { testid: "filter-tag" }, h("option", { value: "" }, "All tags"));
  const search = h("input", { type: "search", testid: "market-search", placeholder: "Search markets, events, teams", autocomplete: "off" });
  const status = h(
    "select",
    { testid: "filter-status" },
    h("option", { value: "open" }, "Open"),
    h("option", { value: "resolved" }, "Resolved / closed"),
    h("option", { value: "all" }, "All"),
  );
  const sports = h("input", { type: "checkbox", testid: "filter-sports" });
  const negRisk = h("input", { type: "checkbox", testid: "filter-negrisk" });
  replace(
    page,
    h("h1", { id: "markets-title" }, "Markets"),
    h(
      "form",
      { class: "filters", role: "search", onsubmit: (e: Event) => e.preventDefault() },
      field("Search", search),
      field("Status", status),
      field("Category", category),
      field("Tag", tag),
      h("div", { class: "checks" }, field("Sports only", sports), field("Multi-outcome (negRisk) only", negRisk)),
    ),
    list,
  );
  root.appendChild(page);

  let events: GammaEvent[] = [];
  let searchMarkets: GammaMarket[] = [];
  let sportsEventIds = new Set<string>();
  let generation = 0;
  let stopped = false;

  const draw = () => {
    const shown = events.filter((e) => keep(e, f, sportsEventIds));
    const inShown = new Set(shown.flatMap((e) => e.markets.map((m) => m.slug)));
    const loose = searchMarkets.filter((m) => !inShown.has(m.slug) && keepStatus(m.closed, f.status));
    if (shown.length === 0 && loose.length === 0) {
      replace(list, h("p", { class: "empty" }, f.q ? `Nothing matches “${f.q}”.` : "No markets match these filters."));
    } else {
      replace(
        list,
        shown.map((e) => eventRow(e)),
        loose.length > 0 ? h("section", { class: "event" }, h("h2", {}, "Markets"), h("ul", { class: "markets" }, loose.map(marketRow))) : null,
      );
    }
    page.setAttribute("data-ready", "true");
  };

  const load = async () => {
    const g = ++generation;
    try {
      if (f.q.trim() !== "") {
        const r = await ctx.x.gamma.search(f.q.trim(), { limitPerType: 50 });
        if (g !== generation || stopped) return;
        events = r.events;
        searchMarkets = r.markets;
      } else {
        const closed = f.status === "all" ? undefined : f.status === "resolved";
        const p = { limit: EVENTS_PER_LOAD, order: "volume24hr", ascending: false };
        const r = await ctx.x.gamma.listEvents(closed === undefined ? p : { ...p, closed });
        if (g !== generation || stopped) return;
        events = r;
        searchMarkets = [];
      }
      fillCategories(category, events);
      draw();
    } catch (e) {
      if (g === generation && !stopped) {
        replace(list, errorView(e));
        page.setAttribute("data-ready", "true");
      }
    }
  };

  let debounce: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener("input", () => {
    clearTimeout(debounce);
    debounce = setTimeout(() => {
      f.q = search.value;
      void load();
    }, SEARCH_DEBOUNCE_MS);
  });
  status.addEventListener("change", () => {
    f.status = status.value as Status;
    void load();
  });
  category.addEventListener("change", () => {
    f.category = category.value;
    draw();
  });
  tag.addEventListener("change", () => {
    f.tag = tag.value;
    draw();
  });
  sports.addEventListener("change", () => {
    f.sports = sports.checked;
    draw();
  });
  negRisk.addEventListener("change", () => {
    f.negRisk = negRisk.checked;
    draw();
  });

  void load();
  // Tags and games only refine the filters: the list does not wait for them.
  ctx.x.gamma.listTags().then((tags) => fillTags(tag, tags), () => undefined);
  ctx.x.gamma.listGames({ limit: 100 }).then(
    (games) => {
      sportsEventIds = new Set(games.flatMap((g) => [g.primaryEventId, ...(g.linkedEventIds ?? [])]).filter((id) => id !== ""));
      if (f.sports) draw();
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    clearTimeout(debounce);
  };
};

function keepStatus(closed: boolean, s: Status): boolean {
  return s === "all" || (s === "open" ? !closed : closed);
}

function keep(e: GammaEvent, f: Filters, sportsEventIds: Set<string>): boolean {
  if (f.q !== "" && !keepStatus(e.closed, f.status)) return false;
  if (f.category !== "" && e.category !== f.category) return false;
  if (f.tag !== "" && !e.tags.some((t) => t.slug === f.tag)) return false;
  if (f.sports && !sportsEventIds.has(e.id)) return false;
  if (f.negRisk && !e.negRisk) return false;
  return true;
}

function fillCategories(sel: HTMLSelectElement, events: GammaEvent[]): void {
  const have = new Set(Array.from(sel.options, (o) => o.value));
  for (const c of new Set(events.map((e) => e.category).filter((c) => c !== ""))) {
    if (!have.has(c)) sel.appendChild(h("option", { value: c }, c));
  }
}

function fillTags(sel: HTMLSelectElement, tags: Tag[]): void {
  for (const t of tags) sel.appendChild(h("option", { value: t.slug }, t.label));
}

function marketStatus(m: GammaMarket): string {
  if (m.adjudication?.resolvedAt) return "Resolved";
  if (m.adjudication) return `Resolving (${m.adjudication.currentPhase})`;
  if (m.closed) return "Closed";
  return m.acceptingOrders ? "Open" : "Paused";
}

function eventRow(e: GammaEvent): HTMLElement {
  const sum = e.markets.reduce((s, m) => s + Number(m.outcomePrices[0] ?? 0), 0);
  return h(
    "article",
    { class: "event", testid: "event-row", "data-slug": e.slug, "data-neg-risk": String(e.negRisk) },
    h(
      "header",
      {},
      h("h2", {}, e.title),
      h(
        "p",
        { class: "meta" },
        [e.category, e.negRisk ? "one outcome wins" : "", e.closed ? "closed" : ""].filter((s) => s !== "").join(" · "),
        " · 24 h volume ",
        h("span", { testid: "event-volume24hr" }, usd(e.volume24hr)),
      ),
    ),
    h("ul", { class: "markets" }, e.markets.map(marketRow)),
    e.negRisk
      ? h(
          "p",
          { class: "sum", testid: "event-price-sum", "data-value": sum.toFixed(6) },
          `Sum of the ${e.markets.length} outcomes' YES prices: ${pct(sum)}`,
        )
      : null,
  );
}

function marketRow(m: GammaMarket): HTMLElement {
  const yes = m.outcomePrices[0] ?? "";
  return h(
    "li",
    { class: "market-row", testid: "market-row", "data-slug": m.slug },
    h("a", { href: `#/market/${m.slug}` }, m.question),
    h(
      "span",
      { class: "price", testid: "market-price", "data-value": yes, title: `${m.outcomes[0] ?? "Yes"} price` },
      `${m.outcomes[0] ?? "Yes"} ${pct(yes)}`,
    ),
    h("span", { class: "vol" }, `24 h ${usd(m.volume24hr)}`),
    h("span", { class: "status" }, marketStatus(m)),
  );
}
