// The portfolio: positions valued at the mid with P&L, open orders with
// cancel, trade history whose settlement status follows /ws/user live
// (MATCHED → MINED → CONFIRMED) with each trade's transaction, and the
// payouts of resolved markets.
import type { ClobClient, OpenOrder, Trade } from "@pred/client";

import type { Ctx, Page } from "../context.js";
import { h, replace } from "../dom.js";
import { errorView } from "../errors.js";
import { cents, dateTime, shares, shortAddress, usd } from "../format.js";
import { txUrl } from "../exchange.js";

/** Rows one list asks for. */
const PAGE_LIMIT = 100;

interface Payout {
  amount: string;
  market: string;
  timeMs: number;
}

interface Fill {
  tradeId: string;
  assetId: string;
  market: string;
  side: string;
  price: string;
  size: string;
  outcome: string;
  status: string;
  txHash: string;
  time: string;
}

export const portfolioPage: Page = (ctx, root) => {
  const page = h("section", { testid: "portfolio", "aria-labelledby": "pf-title" });
  root.appendChild(page);
  const positions = h("tbody", {});
  const orders = h("tbody", {});
  const history = h("tbody", {});
  const payouts = h("tbody", {});
  const msg = h("div", { "aria-live": "polite" });
  const stops: (() => void)[] = [];
  let fills = new Map<string, Fill>();
  let stopped = false;

  const table = (testid: string, title: string, cols: string[], body: HTMLElement) =>
    h(
      "section",
      { "aria-labelledby": `${testid}-title` },
      h("h2", { id: `${testid}-title` }, title),
      h("div", { class: "scroll" }, h("table", { testid }, h("thead", {}, h("tr", {}, cols.map((c) => h("th", { scope: "col" }, c === "" ? h("span", { class: "sr-only" }, "Actions") : c)))), body)),
    );

  const a = ctx.account.get();
  if (!a.clob || !ctx.account.loggedIn()) {
    replace(page, h("h1", { id: "pf-title" }, "Portfolio"), h("p", {}, "Connect a wallet and log in on the Wallet page to see your positions."));
    return () => undefined;
  }
  const clob = a.clob;
  const me = (a.proxy ?? "").toLowerCase();
  replace(
    page,
    h("h1", { id: "pf-title" }, "Portfolio"),
    msg,
    table("positions", "Positions", ["Market", "Outcome", "Shares", "Mid", "Value", "P&L"], positions),
    table("open-orders", "Open orders", ["Market", "Side", "Price", "Filled / size", "Type", ""], orders),
    table("trade-history", "Trade history", ["Time", "Side", "Outcome", "Shares", "Price", "Status", "Transaction"], history),
    table("payouts", "Payouts of resolved markets", ["Time", "Market", "Amount"], payouts),
  );

  const questions = new Map<string, string>();
  const question = async (conditionId: string): Promise<string> => {
    if (!questions.has(conditionId)) {
      const ms = await ctx.x.gamma.listMarkets({ conditionIds: [conditionId] }).catch(() => []);
      const m = ms[0];
      questions.set(conditionId, m ? m.question : shortAddress(conditionId));
      if (m) for (const id of m.clobTokenIds) questions.set(id, m.question);
    }
    return questions.get(conditionId) ?? conditionId;
  };
  const marketCell = (conditionId: string) => {
    const td = h("td", {}, shortAddress(conditionId));
    void question(conditionId).then((q) => (td.textContent = q));
    return td;
  };

  const drawHistory = () => {
    const rows = [...fills.values()].sort((x, y) => Number(y.tradeId) - Number(x.tradeId));
    replace(
      history,
      rows.length === 0 ? h("tr", {}, h("td", { colspan: 7 }, "No trades yet.")) : null,
      rows.map((f) => {
        const url = txUrl(ctx.x, f.txHash);
        return h(
          "tr",
          { testid: "trade-row", "data-trade-id": f.tradeId, "data-status": f.status },
          h("td", {}, f.time),
          h("td", {}, f.side),
          h("td", {}, f.outcome),
          h("td", {}, shares(f.size)),
          h("td", {}, cents(f.price)),
          h("td", { testid: "trade-status" }, f.status),
          h("td", {}, f.txHash === "" ? "pending" : url ? h("a", { href: url, rel: "noopener", testid: "trade-tx" }, shortAddress(f.txHash)) : h("code", { testid: "trade-tx", title: f.txHash }, shortAddress(f.txHash))),
        );
      }),
    );
  };

  const loadOrders = async () => {
    const r = await clob.getOrders({ limit: PAGE_LIMIT });
    replace(
      orders,
      r.data.length === 0 ? h("tr", {}, h("td", { colspan: 6 }, "No open orders.")) : null,
      r.data.map((o) => orderRow(o)),
    );
  };
  const orderRow = (o: OpenOrder): HTMLElement => {
    const cancel = h("button", { type: "button", testid: "cancel-order", class: "secondary", "aria-label": `Cancel order ${o.id}` }, "Cancel");
    cancel.addEventListener("click", () => {
      cancel.disabled = true;
      clob.cancelOrder(o.id).then(
        () => loadOrders(),
        (e) => {
          cancel.disabled = false;
          msg.appendChild(errorView(e));
        },
      );
    });
    return h(
      "tr",
      { testid: "open-order-row", "data-order-id": o.id },
      marketCell(o.market),
      h("td", {}, `${o.side} ${o.outcome}`),
      h("td", {}, cents(o.price)),
      h("td", {}, `${shares(o.size_matched)} / ${shares(o.original_size)}`),
      h("td", {}, o.order_type),
      h("td", {}, cancel),
    );
  };

  const loadTrades = async () => {
    const r = await clob.getTrades({ limit: PAGE_LIMIT });
    fills = new Map(r.data.map((t) => [t.id, fillOf(t, me)]));
    drawHistory();
    await loadPositions(clob, r.data);
  };

  const loadPositions = async (c: ClobClient, trades: Trade[]) => {
    const cost = new Map<string, number>();
    const assets = new Map<string, { market: string; outcome: string }>();
    for (const t of trades) {
      const f = fillOf(t, me);
      assets.set(f.assetId, { market: f.market, outcome: f.outcome });
      const v = Number(f.size) * Number(f.price);
      cost.set(f.assetId, (cost.get(f.assetId) ?? 0) + (f.side === "BUY" ? v : -v));
    }
    const rows = await Promise.all(
      [...assets.entries()].map(async ([assetId, info]) => {
        const held = Number((await c.getBalanceAllowance(assetId)).balance);
        if (!(held > 0)) return null;
        const mid = await ctx.x.clob.getMidpoint(assetId).catch(() => ctx.x.clob.getLastTradePrice(assetId).then((l) => l.price, () => ""));
        const value = mid === "" ? NaN : held * Number(mid);
        const pnl = value - (cost.get(assetId) ?? 0);
        return h(
          "tr",
          { testid: "position-row", "data-token-id": assetId, "data-size": String(held), "data-value": Number.isFinite(value) ? value.toFixed(6) : "" },
          marketCell(info.market),
          h("td", {}, info.outcome),
          h("td", {}, shares(held)),
          h("td", {}, cents(mid)),
          h("td", { testid: "position-value" }, usd(value)),
          h("td", { testid: "position-pnl", class: pnl >= 0 ? "up" : "down" }, `${pnl >= 0 ? "+" : ""}${usd(pnl)}`),
        );
      }),
    );
    const shown = rows.filter((r) => r !== null);
    replace(positions, shown.length === 0 ? h("tr", {}, h("td", { colspan: 6 }, "No positions.")) : null, shown);
  };

  // Payouts are the ledger's PAYOUT transactions: what arrived in the
  // wallet when a market it held resolved (the settler's redeemer pays
  // them on chain; GET /transactions).
  const loadPayouts = async () => {
    const rows: Payout[] = (await clob.getTransactions({ limit: PAGE_LIMIT })).data
      .filter((t) => t.type === "PAYOUT")
      .map((t) => ({ amount: t.amount, market: t.market ?? "", timeMs: t.timestamp * 1000 }));
    replace(
      payouts,
      rows.length === 0 ? h("tr", {}, h("td", { colspan: 3 }, "No payouts yet.")) : null,
      rows.map((t) =>
        h(
          "tr",
          { testid: "payout-row", "data-amount": t.amount, "data-market": t.market },
          h("td", {}, dateTime(t.timeMs)),
          t.market ? marketCell(t.market) : h("td", {}, "–"),
          h("td", {}, usd(t.amount)),
        ),
      ),
    );
  };

  const fail = (e: unknown) => {
    if (!stopped) msg.appendChild(errorView(e));
  };
  const loadAll = () => {
    void loadOrders().catch(fail);
    void loadTrades()
      .then(() => loadPayouts())
      .catch(fail);
  };
  loadAll();

  // Live: trade statuses in place; anything else that moves the account reloads the lists it changes.
  const creds = a.session.clobCreds;
  if (creds) {
    const sub = ctx.x.stream.subscribeUser(creds, [], (m) => {
      if (m.type === "trade") {
        const f = fills.get(m.trade_id);
        if (f) {
          f.status = m.status;
          if (m.transaction_hash) f.txHash = m.transaction_hash;
          drawHistory();
        } else void loadTrades().catch(fail);
      } else if (m.type === "order") void loadOrders().catch(fail);
      else if (m.type === "transfer" && m.kind === "PAYOUT") {
        void loadTrades()
          .then(() => loadPayouts())
          .catch(fail);
      }
    });
    stops.push(() => sub.close());
  }
  return () => {
    stopped = true;
    for (const s of stops) s();
  };
};

/** fillOf is a trade in the caller's terms: a maker's own order is in maker_orders. */
function fillOf(t: Trade, me: string): Fill {
  const base = { tradeId: t.id, market: t.market, status: t.status, txHash: t.transaction_hash ?? "", time: dateTime(Number(t.match_time) * 1000) };
  if (t.trader_side === "MAKER") {
    const mine = t.maker_orders.filter((o) => o.maker_address.toLowerCase() === me);
    const o = mine[0] ?? t.maker_orders[0];
    if (o) {
      const size = mine.reduce((s, x) => s + Number(x.matched_amount), 0) || Number(o.matched_amount);
      return { ...base, assetId: o.asset_id, side: o.side, price: o.price, size: String(size), outcome: o.outcome };
    }
  }
  return { ...base, assetId: t.asset_id, side: t.side, price: t.price, size: t.size, outcome: t.outcome };
}
