// The price chart of a token: GET /prices-history over a range, drawn by
// TradingView's Lightweight Charts (its attribution logo stays on, and the
// page footer links to TradingView as its license asks).
import { ColorType, LineSeries, createChart, type IChartApi, type UTCTimestamp } from "lightweight-charts";
import type { PriceInterval } from "@pred/client";

import type { Ctx } from "../context.js";
import { h } from "../dom.js";
import { errorView } from "../errors.js";

const RANGES: [string, string, PriceInterval][] = [
  ["1h", "1H", "1h"],
  ["6h", "6H", "6h"],
  ["1d", "1D", "1d"],
  ["1w", "1W", "1w"],
  ["all", "All", "max"],
];
const CHART_HEIGHT_PX = 260;

export function priceChart(ctx: Ctx, tokenId: string, label: string): { el: HTMLElement; stop: () => void } {
  // No role="img": the chart holds the attribution link, which must stay reachable.
  const canvas = h("div", { class: "chart-canvas" });
  const note = h("div", { class: "chart-note" });
  const buttons = RANGES.map(([id, text, interval]) =>
    h("button", { type: "button", testid: `range-${id}`, "aria-pressed": "false", onclick: () => void show(id, interval) }, text),
  );
  const el = h(
    "section",
    { class: "chart", testid: "price-chart", "aria-labelledby": "chart-title" },
    h("h2", { id: "chart-title" }, `${label} price`),
    h("div", { class: "ranges", role: "group", "aria-label": "Range" }, buttons),
    canvas,
    note,
    h("p", { class: "attribution" }, "Chart: ", h("a", { href: "https://www.tradingview.com/", rel: "noopener" }, "TradingView Lightweight Charts")),
  );
  let chart: IChartApi | undefined;
  const ensureChart = () => {
    if (chart) return chart;
    chart = createChart(canvas, {
      height: CHART_HEIGHT_PX,
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: "#ffffff" }, textColor: "#1f2328", attributionLogo: true },
      rightPriceScale: { scaleMargins: { top: 0.1, bottom: 0.1 } },
      timeScale: { timeVisible: true },
    });
    return chart;
  };
  let series: ReturnType<IChartApi["addSeries"]> | undefined;
  let generation = 0;
  async function show(id: string, interval: PriceInterval): Promise<void> {
    const g = ++generation;
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset["testid"] === `range-${id}`));
    note.replaceChildren();
    try {
      const r = await ctx.x.clob.getPriceHistory({ tokenId, interval });
      if (g !== generation) return;
      const c = ensureChart();
      if (!series) series = c.addSeries(LineSeries, { color: "#0a58ca", lineWidth: 2, priceFormat: { type: "price", precision: 2, minMove: 0.01 } });
      // Lightweight Charts wants strictly increasing times.
      const seen = new Set<number>();
      const points = r.history
        .filter((p) => !seen.has(p.t) && seen.add(p.t))
        .sort((a, b) => a.t - b.t)
        .map((p) => ({ time: p.t as UTCTimestamp, value: p.p }));
      series.setData(points);
      c.timeScale().fitContent();
      el.setAttribute("data-points", String(points.length));
      if (points.length === 0) note.appendChild(h("p", {}, "No trades in this range yet."));
    } catch (e) {
      if (g === generation) note.appendChild(errorView(e));
    }
  }
  void show("1d", "1d");
  return { el, stop: () => chart?.remove() };
}
