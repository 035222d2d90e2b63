// Sports: games with their live status and score (/ws/sports keeps them
// current), each with its markets; a game's book clears when it goes live.
import type { Game } from "@pred/client";

import type { Page } from "../context.js";
import { h, replace } from "../dom.js";
import { errorView } from "../errors.js";
import { dateTime } from "../format.js";

const GAMES_LIMIT = 100;

export const sportsPage: Page = (ctx, root) => {
  const list = h("tbody", {});
  const page = h(
    "section",
    { testid: "sports", "aria-labelledby": "sports-title" },
    h("h1", { id: "sports-title" }, "Sports"),
    h("p", {}, "Open orders on a game's markets are cancelled when the game goes live, which can be before its scheduled start."),
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { testid: "games" },
        h("thead", {}, h("tr", {}, ["Game", "Starts", "Status", "Score", "Markets"].map((c) => h("th", { scope: "col" }, c)))),
        list,
      ),
    ),
  );
  root.appendChild(page);
  const games = new Map<string, Game>();
  const markets = new Map<string, HTMLElement>();

  const row = (g: Game) =>
    h(
      "tr",
      { testid: "game-row", "data-game-id": g.id, "data-status": g.gameStatus },
      h("td", {}, `${g.homeTeam.name} vs ${g.awayTeam.name}`, h("span", { class: "meta" }, ` ${g.sportType}`)),
      h("td", {}, dateTime(g.scheduledAt)),
      h("td", { testid: "game-status" }, g.gameStatus === "live" ? h("strong", { class: "live" }, "LIVE") : g.gameStatus),
      h("td", { testid: "game-score" }, g.gameStatus === "pre-game" ? "–" : `${g.homeScore} - ${g.awayScore}`),
      h("td", {}, marketsCell(g)),
    );
  const marketsCell = (g: Game): HTMLElement => {
    let cell = markets.get(g.id);
    if (cell) return cell;
    cell = h("div", {});
    markets.set(g.id, cell);
    if (g.primaryEventId !== "") {
      const c = cell;
      ctx.x.gamma.getEvent(g.primaryEventId).then(
        (ev) => replace(c, h("ul", { class: "plain" }, ev.markets.map((m) => h("li", {}, h("a", { href: `#/market/${m.slug}` }, m.question))))),
        () => undefined,
      );
    }
    return cell;
  };
  const draw = () => {
    const gs = [...games.values()].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
    replace(list, gs.length === 0 ? h("tr", {}, h("td", { colspan: 5 }, "No games.")) : null, gs.map(row));
  };

  ctx.x.gamma.listGames({ limit: GAMES_LIMIT }).then(
    (gs) => {
      for (const g of gs) games.set(g.id, g);
      draw();
    },
    (e) => page.appendChild(errorView(e)),
  );
  const sub = ctx.x.stream.subscribeSports((m) => {
    if (m.type !== "sport_result") return;
    const g = games.get(m.gameId);
    if (!g) return;
    games.set(g.id, { ...g, gameStatus: m.status, homeScore: m.homeScore, awayScore: m.awayScore });
    draw();
  });
  return () => sub.close();
};
