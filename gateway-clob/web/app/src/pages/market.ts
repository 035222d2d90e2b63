// A market's page: question, rules, status and adjudication (with the
// liveness countdown), the price chart, the live book and recent trades
// over /ws/market, and the order ticket.
import type { Game, GammaMarket, LastTradeMessage, Market, MarketStream, PriceLevel } from "@pred/client";

import type { Ctx, Page } from "../context.js";
import { h, replace } from "../dom.js";
import { errorView } from "../errors.js";
import { cents, dateTime, duration, pct, shares, usd } from "../format.js";
import { priceChart } from "./chart.js";
import { ticket, type TicketMarket } from "./ticket.js";

/** Book levels shown per side; recent trades kept. */
const BOOK_DEPTH = 10;
const RECENT_TRADES_MAX = 20;
const COUNTDOWN_TICK_MS = 1_000;
/** How often a proposal past its liveness is read again until it settles. */
const SETTLE_POLL_MS = 5_000;

export const marketPage: Page = (ctx, root, slug) => {
  const page = h("article", { testid: "market", "data-slug": slug, "aria-busy": "true" }, h("p", {}, "Loading…"));
  root.appendChild(page);
  const stops: (() => void)[] = [];
  let stopped = false;
  void (async () => {
    try {
      const gm = await ctx.x.gamma.getMarketBySlug(slug);
      const cm = await ctx.x.clob.getMarket(gm.conditionId).catch(() => undefined);
      if (stopped) return;
      render(ctx, page, gm, cm, stops);
    } catch (e) {
      if (!stopped) replace(page, h("h1", {}, "Market"), errorView(e));
    } finally {
      page.removeAttribute("aria-busy");
    }
  })();
  return () => {
    stopped = true;
    for (const s of stops) s();
  };
};

function render(ctx: Ctx, page: HTMLElement, gm: GammaMarket, cm: Market | undefined, stops: (() => void)[]): void {
  const yes = gm.clobTokenIds[0] ?? "";
  const no = gm.clobTokenIds[1] ?? "";
  const labels = { yes: gm.outcomes[0] ?? "Yes", no: gm.outcomes[1] ?? "No" };
  let status = cm?.status ?? (gm.closed ? "CLOSED" : "ACTIVE");
  let accepting = cm ? cm.accepting_orders : gm.acceptingOrders;
  let game: Game | undefined;
  page.setAttribute("data-condition-id", gm.conditionId);
  page.setAttribute("data-status", status);

  const statusEl = h("span", { class: "badge", testid: "market-status" }, status);
  const gameEl = h("div", { class: "game-note", testid: "market-game", hidden: true });
  const adjudication = h("section", { class: "adjudication", testid: "adjudication", "aria-labelledby": "adj-title" });
  const books = { yes: h("div", { class: "book-side" }), no: h("div", { class: "book-side" }) };
  const trades = h("ol", { class: "trades", testid: "recent-trades", "aria-label": "Recent trades" });
  /** Each token's book: REST's first, then the stream's (hash-checked, resynced by the client). */
  const bookState: Record<string, { bids: PriceLevel[]; asks: PriceLevel[] }> = {};

  const tm: TicketMarket = {
    tokens: { yes, no },
    labels,
    clob: cm,
    feeRateBps: cm?.taker_base_fee ?? 0,
    closedReason: () => {
      if (status === "RESOLVED") return "The market is resolved: it takes no more orders.";
      if (status === "CLOSED" || gm.closed) return "The market is closed: it takes no more orders.";
      // A game in play halts its markets: say why, not only that.
      if (game?.gameStatus === "live" && !gm.acceptOrdersDuringPlay) return "The game is live: this market's book is closed during play.";
      if (status === "HALTED") return "The market is halted: orders are refused until it resumes.";
      if (game?.gameStatus === "finished") return "The game is finished: the market awaits its resolution.";
      if (!accepting) return "The market does not accept orders now.";
      return "";
    },
  };
  const t = ticket(ctx, tm);
  stops.push(t.stop);
  ctx.x.clob.getFeeRate(yes).then(
    (bps) => {
      tm.feeRateBps = Math.max(bps, tm.feeRateBps);
      t.refresh();
    },
    () => undefined,
  );

  const chart = priceChart(ctx, yes, labels.yes);
  stops.push(chart.stop);

  replace(
    page,
    h(
      "header",
      { class: "market-head" },
      h("p", { class: "crumb" }, h("a", { href: "#/" }, "Markets")),
      h("h1", {}, gm.question),
      h(
        "p",
        { class: "meta" },
        statusEl,
        ` ${labels.yes} ${pct(gm.outcomePrices[0] ?? "")} · 24 h volume ${usd(gm.volume24hr)} · liquidity ${usd(gm.liquidity)} · ends ${dateTime(gm.endDate)}`,
      ),
      gameEl,
    ),
    h(
      "div",
      { class: "market-grid" },
      h("div", { class: "col-main" }, chart.el, h("section", { class: "book", testid: "book", "aria-labelledby": "book-title" }, h("h2", { id: "book-title" }, "Order book"), h("div", { class: "book-sides" }, books.yes, books.no)), h("section", { class: "recent", "aria-labelledby": "trades-title" }, h("h2", { id: "trades-title" }, "Recent trades"), trades)),
      h("div", { class: "col-side" }, t.el, adjudication, rules(ctx, gm, cm)),
    ),
  );

  const drawBook = (outcome: "yes" | "no") => {
    const token = outcome === "yes" ? yes : no;
    const b = bookState[token] ?? { bids: [], asks: [] };
    const row = (kind: "bid" | "ask", l: { price: string; size: string }) =>
      h("tr", { testid: `book-${kind}`, "data-price": l.price, "data-size": l.size, "data-outcome": outcome, class: kind }, h("td", {}, cents(l.price)), h("td", {}, shares(l.size)));
    replace(
      books[outcome],
      h(
        "table",
        {},
        h("caption", {}, `${outcome === "yes" ? labels.yes : labels.no} book`),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Price"), h("th", { scope: "col" }, "Shares"))),
        h("tbody", {}, b.asks.slice(0, BOOK_DEPTH).reverse().map((l) => row("ask", l)), b.bids.slice(0, BOOK_DEPTH).map((l) => row("bid", l))),
      ),
      b.bids.length + b.asks.length === 0 ? h("p", { class: "empty" }, "No orders.") : null,
    );
  };
  const outcomeOf = (token: string): "yes" | "no" => (token === no ? "no" : "yes");

  // REST first for a quick first paint; the stream's snapshots replace it.
  for (const token of [yes, no]) {
    ctx.x.clob.getBook(token).then(
      (s) => {
        if (bookState[token]) return;
        bookState[token] = { bids: s.bids, asks: s.asks };
        drawBook(outcomeOf(token));
      },
      () => undefined,
    );
  }
  drawBook("yes");
  drawBook("no");

  const shownTrades = new Set<string>();
  const addTrade = (m: Pick<LastTradeMessage, "asset_id" | "trade_id" | "price" | "size" | "side" | "timestamp_ms">) => {
    // The REST page and the stream can both carry a trade: show it once.
    if (shownTrades.has(m.trade_id)) return;
    shownTrades.add(m.trade_id);
    const outcome = outcomeOf(m.asset_id);
    const ts = m.timestamp_ms;
    trades.prepend(
      h(
        "li",
        { testid: "recent-trade", "data-trade-id": m.trade_id, "data-price": m.price, "data-size": m.size, "data-outcome": outcome },
        h("span", {}, `${m.side} ${outcome === "yes" ? labels.yes : labels.no}`),
        h("span", {}, `${shares(m.size)} @ ${cents(m.price)}`),
        h("time", { datetime: new Date(ts).toISOString() }, new Date(ts).toLocaleTimeString()),
      ),
    );
    while (trades.children.length > RECENT_TRADES_MAX) trades.lastElementChild?.remove();
  };

  // The last trades before the page opened, oldest first, so that the
  // newest ends on top; the stream adds those that follow.
  ctx.x.clob.getAllTrades({ market: gm.conditionId, limit: RECENT_TRADES_MAX }).then(
    (page) => {
      for (const tr of [...page.data].reverse()) {
        addTrade({ asset_id: tr.asset_id, trade_id: tr.id, price: tr.price, size: tr.size, side: tr.side as LastTradeMessage["side"], timestamp_ms: Number(tr.match_time) * 1000 });
      }
    },
    () => undefined,
  );

  const fromStream = (token: string) => {
    const b = sub.book(token);
    if (!b) return;
    bookState[token] = { bids: b.bids, asks: b.asks };
    drawBook(outcomeOf(token));
  };
  const sub: MarketStream = ctx.x.stream.subscribeMarket([yes, no], (m) => {
    switch (m.type) {
      case "book":
      case "price_change":
        fromStream(m.asset_id);
        break;
      case "last_trade_price":
        addTrade(m);
        break;
      case "market":
        status = m.status;
        accepting = status === "ACTIVE";
        statusEl.textContent = status;
        page.setAttribute("data-status", status);
        // Closing and resolving change the adjudication: read it again.
        if (m.event === "closed" || m.event === "resolved") refreshMarket();
        if (m.event === "cleared") {
          for (const k of Object.keys(bookState)) bookState[k] = { bids: [], asks: [] };
          drawBook("yes");
          drawBook("no");
        }
        t.refresh();
        break;
    }
  });
  stops.push(() => sub.close());

  let current = gm;
  const drawAdjudication = adjudicationView(ctx, adjudication, () => current);
  const refreshMarket = () => {
    ctx.x.gamma.getMarketBySlug(gm.slug).then(
      (fresh) => {
        current = fresh;
        drawAdjudication();
      },
      () => undefined,
    );
  };
  let lastRefreshMs = 0;
  const timer = setInterval(() => {
    drawAdjudication();
    // Past the liveness the settlement is due: look again now and then rather than wait for a reload.
    const ends = current.adjudication?.currentPhase === "proposed" ? Date.parse(current.adjudication.livenessEndsAt ?? "") : NaN;
    if (ends <= Date.now() && Date.now() - lastRefreshMs > SETTLE_POLL_MS) {
      lastRefreshMs = Date.now();
      refreshMarket();
    }
  }, COUNTDOWN_TICK_MS);
  stops.push(() => clearInterval(timer));

  void findGame(ctx, gm).then((g) => {
    if (!g) return;
    game = g;
    const draw = () => {
      if (!game) return;
      gameEl.hidden = false;
      page.setAttribute("data-game-id", game.id);
      replace(
        gameEl,
        h("strong", {}, `${game.homeTeam.name} vs ${game.awayTeam.name}`),
        ` · ${game.gameStatus}${game.gameStatus === "pre-game" ? ` · starts ${dateTime(game.scheduledAt)}` : ` · ${game.homeScore}-${game.awayScore}`}`,
        h(
          "p",
          { testid: "game-clears-note" },
          gm.acceptOrdersDuringPlay
            ? "When the game goes live, every open order on this market is cancelled; the book then takes new orders during play."
            : "When the game goes live (possibly before its scheduled start), every open order on this market is cancelled and the book stays closed during play.",
        ),
      );
      t.refresh();
    };
    draw();
    const sportsSub = ctx.x.stream.subscribeSports((m) => {
      if (m.type !== "sport_result" || !game || m.gameId !== game.id) return;
      game = { ...game, gameStatus: m.status, homeScore: m.homeScore, awayScore: m.awayScore };
      draw();
    });
    stops.push(() => sportsSub.close());
  });
}

function rules(ctx: Ctx, gm: GammaMarket, cm: Market | undefined): HTMLElement {
  const live = ctx.x.info.adjudication.livenessSeconds;
  return h(
    "section",
    { class: "rules", testid: "market-rules", "aria-labelledby": "rules-title" },
    h("h2", { id: "rules-title" }, "Rules"),
    h(
      "ul",
      {},
      h("li", {}, `Each ${gm.outcomes[0] ?? "Yes"} share pays 1 USDW if the market resolves ${gm.outcomes[0] ?? "Yes"}, each ${gm.outcomes[1] ?? "No"} share if it resolves ${gm.outcomes[1] ?? "No"}; a 50-50 resolution pays 0.5 each.`),
      h("li", {}, `The outcome is proposed once known, then can be challenged for ${duration(live)} (the liveness period) before it settles.`),
      h("li", {}, `Prices move in ticks of ${cm?.minimum_tick_size ?? gm.orderPriceMinTickSize}; orders are at least ${cm?.minimum_order_size ?? gm.orderMinSize} shares.`),
      cm?.neg_risk ? h("li", {}, "One market of this event resolves Yes, every other No.") : null,
      h("li", {}, `Trading window: ${dateTime(gm.startDate)} to ${dateTime(gm.endDate)}.`),
    ),
  );
}

function adjudicationView(ctx: Ctx, el: HTMLElement, market: () => GammaMarket): () => void {
  const draw = () => {
    const a = market().adjudication;
    el.setAttribute("data-phase", a?.currentPhase ?? "none");
    const lines: (HTMLElement | string)[] = [];
    if (!a) lines.push(h("p", {}, "No outcome proposed yet."));
    else {
      lines.push(h("p", {}, h("strong", { testid: "adjudication-phase" }, a.currentPhase), a.proposedOutcome ? ` · proposed: ${a.proposedOutcome}` : ""));
      if (a.currentPhase === "proposed" && a.livenessEndsAt) {
        const left = (Date.parse(a.livenessEndsAt) - Date.now()) / 1000;
        lines.push(
          h(
            "p",
            { testid: "liveness-countdown", "data-ends-at": a.livenessEndsAt },
            left > 0 ? `Challenge window closes in ${duration(left)}` : `Liveness over: settles within ${ctx.x.info.adjudication.settleDelaySeconds}s`,
          ),
        );
      }
      if (a.settledOutcome) lines.push(h("p", {}, `Resolved: ${a.settledOutcome}${a.resolvedAt ? ` on ${dateTime(a.resolvedAt)}` : ""}`));
      if (a.nextSteps && a.nextSteps.length > 0) lines.push(h("p", { class: "meta" }, `Next: ${a.nextSteps.join(" ")}`));
    }
    replace(el, h("h2", { id: "adj-title" }, "Resolution"), lines);
  };
  draw();
  return draw;
}

/** findGame: the game whose events hold this market (Gamma's markets do not name their event). */
async function findGame(ctx: Ctx, gm: GammaMarket): Promise<Game | undefined> {
  try {
    const games = await ctx.x.gamma.listGames({ limit: 100 });
    // One request per game event, in parallel: a market page should not wait for them in turn.
    const holds = await Promise.all(
      games.map(async (g) => {
        const ids = [g.primaryEventId, ...(g.linkedEventIds ?? [])].filter((i) => i !== "");
        const events = await Promise.all(ids.map((id) => ctx.x.gamma.getEvent(id).catch(() => undefined)));
        return events.some((ev) => ev?.markets.some((m) => m.slug === gm.slug));
      }),
    );
    return games.find((_, i) => holds[i]);
  } catch {
    // Without games the page still works; the ticket just cannot say "game live".
  }
  return undefined;
}
