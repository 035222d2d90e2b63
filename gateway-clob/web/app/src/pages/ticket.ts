// The order ticket: buy or sell YES or NO, GTC/GTD/FOK/FAK, with the
// cost, the largest fee and the payout shown before the wallet signs, and
// the reason whenever it cannot be sent.
import { FixedError, orderAmounts, parsePrice, parseUnits, formatUnits, type Market, type OrderType, type Side } from "@pred/client";

import type { Ctx } from "../context.js";
import { field, h, replace } from "../dom.js";
import { describe } from "../errors.js";
import { usd } from "../format.js";

/** Basis points in one. */
const BPS = 10_000n;

export interface TicketMarket {
  tokens: { yes: string; no: string };
  labels: { yes: string; no: string };
  clob: Market | undefined;
  feeRateBps: number;
  /** Why the market takes no orders now ("" when it does). */
  closedReason: () => string;
}

export function ticket(ctx: Ctx, m: TicketMarket): { el: HTMLElement; refresh: () => void; stop: () => void } {
  let outcome: "yes" | "no" = "yes";
  let side: Side = "BUY";
  const type = h("select", { testid: "ticket-type" }, (["GTC", "GTD", "FOK", "FAK"] as const).map((t) => h("option", { value: t }, t)));
  const expiry = h("input", { type: "datetime-local", testid: "ticket-expiry" });
  const expiryField = field("Expires at (GTD)", expiry);
  const price = h("input", { type: "text", inputmode: "decimal", testid: "ticket-price", placeholder: "0.50", autocomplete: "off" });
  const size = h("input", { type: "text", inputmode: "decimal", testid: "ticket-size", placeholder: "10", autocomplete: "off" });
  const cost = h("dd", { testid: "ticket-cost" });
  const fee = h("dd", { testid: "ticket-fee" });
  const payout = h("dd", { testid: "ticket-payout" });
  const costLabel = h("dt", {}, "Cost");
  const submit = h("button", { type: "submit", testid: "ticket-submit", class: "primary" }, "Sign and place order");
  const reason = h("p", { class: "reason", testid: "ticket-disabled-reason", role: "status" });
  const result = h("div", { class: "result", "aria-live": "polite" });
  const toggle = (id: string, label: string, on: () => void) => h("button", { type: "button", testid: id, "aria-pressed": "false", onclick: on }, label);
  const yesBtn = toggle("ticket-outcome-yes", m.labels.yes, () => ((outcome = "yes"), refresh()));
  const noBtn = toggle("ticket-outcome-no", m.labels.no, () => ((outcome = "no"), refresh()));
  const buyBtn = toggle("ticket-buy", "Buy", () => ((side = "BUY"), refresh()));
  const sellBtn = toggle("ticket-sell", "Sell", () => ((side = "SELL"), refresh()));
  let sending = false;

  const form = h(
    "form",
    { class: "ticket", "aria-labelledby": "ticket-title", novalidate: true },
    h("h2", { id: "ticket-title" }, "Trade"),
    h("div", { class: "seg", role: "group", "aria-label": "Outcome" }, yesBtn, noBtn),
    h("div", { class: "seg", role: "group", "aria-label": "Side" }, buyBtn, sellBtn),
    field("Order type", type),
    expiryField,
    field("Limit price (USDW per share, 0.01 to 0.99)", price),
    field("Shares", size),
    h("dl", { class: "summary" }, costLabel, cost, h("dt", {}, "Fee (at most, if it takes liquidity)"), fee, h("dt", {}, "Payout if it wins"), payout),
    submit,
    reason,
    result,
  );

  function computed(): { error: string; amounts?: { collateral: bigint; size: bigint; feeMax: bigint } } {
    const c = m.clob;
    let p: bigint;
    let s: bigint;
    try {
      if (price.value.trim() === "") return { error: "Enter a limit price." };
      p = parsePrice(price.value.trim());
      if (size.value.trim() === "") return { error: "Enter a number of shares." };
      s = parseUnits(size.value.trim());
      const tick = parseUnits(String(c?.minimum_tick_size ?? 0.01));
      if (tick > 0n && p % tick !== 0n) return { error: `The price must be a multiple of the tick size ${formatUnits(tick)}.` };
      const min = parseUnits(String(c?.minimum_order_size ?? 0));
      if (s < min) return { error: `The size must be at least ${formatUnits(min)} shares (the market's minimum).` };
      const max = c?.maximum_order_size ? parseUnits(String(c.maximum_order_size)) : 0n;
      if (max > 0n && s > max) return { error: `The size must be at most ${formatUnits(max)} shares.` };
      const a = orderAmounts(side, p, s);
      const collateral = side === "BUY" ? a.makerAmount : a.takerAmount;
      return { error: "", amounts: { collateral, size: s, feeMax: (collateral * BigInt(m.feeRateBps)) / BPS } };
    } catch (e) {
      return { error: e instanceof FixedError ? e.message : String(e) };
    }
  }

  function disabledReason(calc: { error: string }): string {
    // The market's own state first: no wallet step would make it tradable.
    const closed = m.closedReason();
    if (closed !== "") return closed;
    const a = ctx.account.get();
    if (!a.address) return "Connect a wallet to trade.";
    const chain = ctx.account.wrongChain();
    if (chain !== "") return chain;
    if (!ctx.account.loggedIn()) return "Log in on the Wallet page (sign the login message) to trade.";
    if (a.onboard !== "ready") return "Your proxy wallet is not deployed or not approved for trading yet: onboard on the Wallet page.";
    if (type.value === "GTD" && expiry.value === "") return "A GTD order needs an expiry time.";
    if (type.value === "GTD" && new Date(expiry.value).getTime() <= Date.now()) return "The expiry must be in the future.";
    if (sending) return "Waiting for the wallet and the exchange…";
    return calc.error;
  }

  function refresh(): void {
    yesBtn.setAttribute("aria-pressed", String(outcome === "yes"));
    noBtn.setAttribute("aria-pressed", String(outcome === "no"));
    buyBtn.setAttribute("aria-pressed", String(side === "BUY"));
    sellBtn.setAttribute("aria-pressed", String(side === "SELL"));
    expiryField.hidden = type.value !== "GTD";
    const calc = computed();
    const label = outcome === "yes" ? m.labels.yes : m.labels.no;
    costLabel.textContent = side === "BUY" ? "Cost" : "You receive";
    if (calc.amounts) {
      const { collateral, size: s, feeMax } = calc.amounts;
      cost.textContent = usd(formatUnits(collateral));
      cost.dataset["value"] = formatUnits(collateral);
      fee.textContent = `${usd(formatUnits(feeMax))} (${m.feeRateBps} bps)`;
      fee.dataset["value"] = formatUnits(feeMax);
      payout.textContent = side === "BUY" ? `${usd(formatUnits(s))} if ${label} wins` : `gives up ${usd(formatUnits(s))} if ${label} wins`;
      payout.dataset["value"] = formatUnits(s);
    } else {
      for (const d of [cost, fee, payout]) {
        d.textContent = "–";
        delete d.dataset["value"];
      }
    }
    const why = disabledReason(calc);
    submit.disabled = why !== "";
    reason.textContent = why;
    reason.hidden = why === "";
  }

  async function send(ev: Event): Promise<void> {
    ev.preventDefault();
    refresh();
    const clob = ctx.account.get().clob;
    if (submit.disabled || !clob) return;
    sending = true;
    refresh();
    replace(result);
    try {
      const orderType = type.value as OrderType;
      const args = {
        tokenId: outcome === "yes" ? m.tokens.yes : m.tokens.no,
        side,
        price: price.value.trim(),
        size: size.value.trim(),
        orderType,
        feeRateBps: m.feeRateBps,
        negRisk: m.clob?.neg_risk ?? false,
      };
      const r = await clob.createAndPostOrder(orderType === "GTD" ? { ...args, expiration: Math.floor(new Date(expiry.value).getTime() / 1000) } : args);
      if (r.success) {
        replace(result, h("p", { testid: "ticket-result", "data-order-id": r.orderID, "data-status": r.status }, `Order ${r.status}: ${r.orderID}`));
      } else {
        replace(result, h("p", { testid: "ticket-result", class: "error", role: "alert" }, `${r.code ?? "ORDER_REFUSED"}: ${r.errorMsg}`));
      }
    } catch (e) {
      const d = describe(e);
      replace(result, h("p", { testid: "ticket-result", class: "error", role: "alert" }, h("span", { testid: "error" }, `${d.code}: ${d.message}`)));
    } finally {
      sending = false;
      refresh();
    }
  }

  form.addEventListener("submit", (e) => void send(e));
  for (const el of [price, size, expiry]) el.addEventListener("input", refresh);
  type.addEventListener("change", refresh);
  const unsub = ctx.account.subscribe(refresh);
  refresh();
  return { el: form, refresh, stop: unsub };
}
