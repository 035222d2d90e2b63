// The wallet page: log in to Gamma (EIP-712 Login), onboard the proxy
// wallet through the relayer (the user signs, the relayer pays the gas),
// deposit (the devnet faucet; the deposit address otherwise), withdraw,
// and the USDW balance.
import { PredApiError, parseUnits } from "@pred/client";

import type { Ctx, Page } from "../context.js";
import { field, h, replace } from "../dom.js";
import { errorView } from "../errors.js";
import { shortAddress, usd } from "../format.js";

/** The CLOB's code when the faucet is off (not a devnet). */
const CODE_FAUCET_DISABLED = "FAUCET_DISABLED";

export const walletPage: Page = (ctx, root) => {
  const page = h("section", { testid: "wallet-page", "aria-labelledby": "wallet-title" });
  root.appendChild(page);
  const out = h("div", { class: "messages", "aria-live": "polite" });
  const balance = h("p", { class: "balance", testid: "balance" }, "–");
  const depositAmount = h("input", { type: "text", inputmode: "decimal", testid: "deposit-amount", value: "100", autocomplete: "off" });
  const withdrawAmount = h("input", { type: "text", inputmode: "decimal", testid: "withdraw-amount", autocomplete: "off" });
  let busy = false;

  const act = (fn: () => Promise<void>) => async () => {
    if (busy) return;
    busy = true;
    out.replaceChildren();
    draw();
    try {
      await fn();
    } catch (e) {
      out.appendChild(errorView(e));
    } finally {
      busy = false;
      draw();
      void loadBalance();
    }
  };

  const loadBalance = async () => {
    const a = ctx.account.get();
    if (!a.clob || !a.session.clobCreds) return;
    try {
      const b = await a.clob.getBalanceAllowance();
      balance.setAttribute("data-value", b.balance);
      replace(balance, h("strong", {}, usd(b.balance)), ` USDW · available ${usd(b.virtual_available)} · in open orders ${usd(b.locked)}`, b.debt !== "0" ? ` · debt ${usd(b.debt)}` : "");
    } catch (e) {
      out.appendChild(errorView(e));
    }
  };

  const deposit = act(async () => {
    const a = ctx.account.get();
    if (!a.proxy) throw new Error("connect a wallet first");
    try {
      const r = await ctx.x.clob.faucet(a.proxy, depositAmount.value.trim());
      out.appendChild(h("p", { role: "status" }, `Credited ${usd(r.amount)} to ${shortAddress(r.address)}.`));
    } catch (e) {
      if (e instanceof PredApiError && e.code === CODE_FAUCET_DISABLED) {
        out.appendChild(h("p", {}, `No faucet here: send USDW to your proxy wallet ${a.proxy}; it is credited after the chain's confirmations.`));
        return;
      }
      throw e;
    }
  });

  const withdraw = act(async () => {
    const a = ctx.account.get();
    const safe = ctx.x.safe;
    if (!a.clob || !a.signer || !a.address || !a.proxy) throw new Error("connect and log in first");
    if (!safe) throw new Error("this deployment cannot relay a withdrawal (public-info has no multiSendCallOnly)");
    const amount = withdrawAmount.value.trim();
    parseUnits(amount); // refuses a malformed amount before anything is reserved
    await ctx.account.ensureRelayer();
    // The client reserves first, so no order can spend what is leaving, then relays the wallet's transfer.
    const w = await a.clob.withdraw({ relayer: ctx.x.relayer, chain: safe, amount });
    out.appendChild(h("p", { role: "status" }, `Withdrawal of ${usd(amount)} to ${shortAddress(w.to)} submitted (relayer transaction ${w.transfer.transactionID}).`));
    const mined = await ctx.x.relayer.waitMined(w.transfer.transactionID);
    out.appendChild(h("p", { role: "status" }, `Withdrawal mined: ${mined.transactionHash}.`));
  });

  const draw = () => {
    const a = ctx.account.get();
    if (!a.address) {
      replace(page, h("h1", { id: "wallet-title" }, "Wallet"), h("p", {}, "Connect a wallet with the button at the top to log in and trade."), out);
      return;
    }
    const logged = ctx.account.loggedIn();
    replace(
      page,
      h("h1", { id: "wallet-title" }, "Wallet"),
      h(
        "dl",
        { class: "kv" },
        h("dt", {}, "Wallet"),
        h("dd", {}, `${a.wallet?.info.name ?? ""} ${a.address}`),
        h("dt", {}, "Proxy wallet (holds your funds, makes your orders)"),
        h("dd", { testid: "proxy-address" }, a.proxy ?? ""),
      ),
      h(
        "section",
        { "aria-labelledby": "login-title" },
        h("h2", { id: "login-title" }, "1. Log in"),
        h("p", {}, logged ? "Logged in: your exchange credentials are stored in this browser." : "Sign the login message, then the exchange's key request. Neither costs gas."),
        ctx.account.wrongChain() === "" ? null : h("p", { class: "reason", testid: "wrong-chain" }, ctx.account.wrongChain()),
        h("button", { type: "button", testid: "login", disabled: busy, onclick: act(() => ctx.account.login()) }, logged ? "Log in again" : "Log in"),
      ),
      h(
        "section",
        { "aria-labelledby": "onboard-title" },
        h("h2", { id: "onboard-title" }, "2. Set up the proxy wallet"),
        h("p", { testid: "onboard-state", "data-state": a.onboard }, `${a.onboard}: ${a.onboardDetail || "not checked yet"}`),
        h(
          "button",
          { type: "button", testid: "onboard", disabled: busy || !logged || a.onboard === "ready", onclick: act(() => ctx.account.onboard()) },
          "Deploy and approve",
        ),
        logged ? null : h("p", { class: "reason" }, "Log in first: the relayer takes the login."),
      ),
      h(
        "section",
        { "aria-labelledby": "funds-title" },
        h("h2", { id: "funds-title" }, "3. Funds"),
        balance,
        h(
          "form",
          { class: "inline", onsubmit: (e: Event) => (e.preventDefault(), void deposit()) },
          field("Deposit (USDW, devnet faucet)", depositAmount),
          h("button", { type: "submit", testid: "deposit", disabled: busy }, "Deposit"),
        ),
        h("p", { class: "meta" }, "Deposit address (your proxy wallet): ", h("code", { testid: "deposit-address" }, a.proxy ?? "")),
        h(
          "form",
          { class: "inline", onsubmit: (e: Event) => (e.preventDefault(), void withdraw()) },
          field("Withdraw (USDW, to your wallet)", withdrawAmount),
          h("button", { type: "submit", testid: "withdraw", disabled: busy || !logged || a.onboard !== "ready" }, "Withdraw"),
        ),
      ),
      out,
    );
  };
  const unsub = ctx.account.subscribe(() => {
    draw();
    void loadBalance();
  });
  draw();
  void loadBalance();
  const a = ctx.account.get();
  if (a.address && ctx.account.loggedIn()) void ctx.account.refreshOnboard().catch((e) => out.appendChild(errorView(e)));
  return unsub;
};
