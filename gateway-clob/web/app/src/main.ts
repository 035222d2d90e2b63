// The trader's web app: hash routes over plain DOM pages.
import "./style.css";

import { AccountStore } from "./account.js";
import { loadConfig } from "./config.js";
import type { Ctx, Page } from "./context.js";
import { h, replace } from "./dom.js";
import { errorView } from "./errors.js";
import { connectExchange } from "./exchange.js";
import { header } from "./header.js";
import { marketsPage } from "./pages/markets.js";

// The markets page, where most visits start, is in the first bundle; the
// others load on first use, so the chart library and the trading code do
// not delay the first list (the 1 s budget).
const ROUTES: [RegExp, () => Promise<Page>][] = [
  [/^#?\/?$/, async () => marketsPage],
  [/^#\/market\/([a-z0-9-]+)$/, async () => (await import("./pages/market.js")).marketPage],
  [/^#\/portfolio$/, async () => (await import("./pages/portfolio.js")).portfolioPage],
  [/^#\/sports$/, async () => (await import("./pages/sports.js")).sportsPage],
  [/^#\/wallet$/, async () => (await import("./pages/wallet.js")).walletPage],
];

async function start(): Promise<void> {
  const app = document.getElementById("app");
  if (!app) return;
  let ctx: Ctx;
  try {
    const x = await connectExchange(await loadConfig());
    ctx = { x, account: new AccountStore(x) };
  } catch (e) {
    replace(app, h("main", { id: "main" }, h("h1", {}, "The exchange did not answer"), errorView(e)));
    return;
  }
  const main = h("main", { id: "main", tabindex: -1 });
  replace(app, h("a", { href: "#main", class: "skip" }, "Skip to content"), header(ctx), main, footer());
  let stop = () => {};
  // routed counts navigations, so a page that finishes loading after the
  // user went elsewhere is not shown.
  let routed = 0;
  const route = () => {
    stop();
    stop = () => {};
    const n = ++routed;
    const hash = location.hash || "#/";
    for (const [re, load] of ROUTES) {
      const m = re.exec(hash);
      if (!m) continue;
      load().then(
        (page) => {
          if (n !== routed) return;
          main.replaceChildren();
          stop = page(ctx, main, m[1] ?? "");
          markCurrent(hash);
        },
        (e: unknown) => {
          if (n === routed) replace(main, h("h1", {}, "This page did not load"), errorView(e));
        },
      );
      return;
    }
    replace(main, h("h1", {}, "Not found"), h("p", {}, h("a", { href: "#/" }, "Back to the markets")));
  };
  window.addEventListener("hashchange", route);
  route();
  // A page shows one account: render it again when another (or the first) connects.
  let shownAddress = ctx.account.get().address;
  ctx.account.subscribe((a) => {
    if (a.address === shownAddress) return;
    shownAddress = a.address;
    route();
  });
  // Pages render at once; the wallet of the last visit joins when it answers.
  ctx.account.restore().catch(() => undefined);
}

function markCurrent(hash: string): void {
  for (const a of document.querySelectorAll<HTMLAnchorElement>("header nav a")) {
    const here = a.getAttribute("href") === hash || (a.getAttribute("href") === "#/" && hash.startsWith("#/market"));
    if (here) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
}

function footer(): HTMLElement {
  return h(
    "footer",
    {},
    h("p", {}, "Prices are probabilities in USDW per share; every share pays 1 USDW if its outcome wins. "),
    h("p", {}, "Charts by ", h("a", { href: "https://www.tradingview.com/", rel: "noopener" }, "TradingView"), " Lightweight Charts™."),
  );
}

void start();
