// The header: navigation, and the wallet button that opens the EIP-6963
// picker (every wallet that announces itself, not only window.ethereum).
import { discoverWallets, type WalletAnnouncement } from "@pred/client";

import type { Ctx } from "./context.js";
import { h, replace } from "./dom.js";
import { errorView } from "./errors.js";
import { shortAddress } from "./format.js";

/** How long the picker listens for EIP-6963 announcements. */
const DISCOVER_TIMEOUT_MS = 400;

const NAV = [
  ["markets", "#/", "Markets"],
  ["portfolio", "#/portfolio", "Portfolio"],
  ["sports", "#/sports", "Sports"],
  ["wallet", "#/wallet", "Wallet"],
] as const;

export function header(ctx: Ctx): HTMLElement {
  const walletSlot = h("div", { class: "wallet-slot" });
  const picker = h("dialog", { class: "picker", "aria-labelledby": "picker-title" });
  const nav = h(
    "nav",
    { "aria-label": "Main" },
    h("ul", {}, NAV.map(([id, href, label]) => h("li", {}, h("a", { href, testid: `nav-${id}` }, label)))),
  );
  const render = () => {
    const a = ctx.account.get();
    if (a.address) {
      replace(walletSlot, h("a", { href: "#/wallet", class: "address", testid: "wallet-address", title: a.address }, shortAddress(a.address)));
    } else {
      replace(walletSlot, h("button", { type: "button", testid: "connect-wallet", onclick: () => void openPicker(ctx, picker) }, "Connect wallet"));
    }
  };
  ctx.account.subscribe(render);
  render();
  return h("header", { class: "top" }, h("a", { href: "#/", class: "brand" }, "pred"), nav, walletSlot, picker);
}

async function openPicker(ctx: Ctx, picker: HTMLDialogElement): Promise<void> {
  const list = h("ul", { class: "wallets" });
  const status = h("p", { role: "status" }, "Looking for wallets…");
  replace(
    picker,
    h("h2", { id: "picker-title" }, "Connect a wallet"),
    status,
    list,
    h("button", { type: "button", class: "secondary", onclick: () => picker.close() }, "Close"),
  );
  picker.showModal();
  const wallets = await discoverWallets({ timeoutMs: DISCOVER_TIMEOUT_MS });
  status.textContent = wallets.length === 0 ? "No wallet announced itself (EIP-6963). Install or unlock a browser wallet, then try again." : "Choose a wallet:";
  for (const w of wallets) list.appendChild(h("li", {}, walletOption(ctx, picker, w)));
}

function walletOption(ctx: Ctx, picker: HTMLDialogElement, w: WalletAnnouncement): HTMLElement {
  const choose = async () => {
    try {
      await ctx.account.connect(w);
      picker.close();
    } catch (e) {
      picker.appendChild(errorView(e));
    }
  };
  return h(
    "button",
    { type: "button", class: "wallet-option", testid: "wallet-option", "data-rdns": w.info.rdns, onclick: () => void choose() },
    w.info.icon ? h("img", { src: w.info.icon, alt: "", width: 24, height: 24 }) : null,
    w.info.name,
  );
}
