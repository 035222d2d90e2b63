// The trader's web app: hash routes over plain DOM pages.
import "./style.css";

import { AccountStore } from "./account.js";
import { loadConfig } from "./config.js";
import type { Ctx, Page } from "./context.js";
import { h, replace } from "./dom.js";
import { errorView } from "./errors.js";
import { connectExchange } from "./exchange.js";
import { header } from "./header.js";
import { marketPage } from "./pages/market.js";
import { marketsPage } from "./pages/markets.js";
import { portfolioPage } from "./pages/portfolio.js";
import { sportsPage } from "./pages/sports.js";
import { walletPage } from "./pages/wallet.js";

const ROUTES: [RegExp, Page][] = [
  [/^#?\/?$/, marketsPage],
  [/^#\/market\/([a-z0-9-]+)$/, marketPage],
  [/^#\/portfolio$/, portfolioPage],
  [/^#\/sports$/, sportsPage],
  [/^#\/wallet$/, walletPage],
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
  const route = () => {
    stop();
    const hash = location.hash || "#/";
    for (const [re, page] of ROUTES) {
      const m = re.exec(hash);
      if (!m) continue;
      main.replaceChildren();
      stop = page(ctx, main, m[1] ?? "");
      markCurrent(hash);
      return;
    }
    replace(main, h("h1", {}, "Not found"), h("p", {}, h("a", { href: "#/" }, "Back to the markets")));
    stop = () => {};
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
