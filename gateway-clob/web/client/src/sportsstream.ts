// Gamma's /ws/sports: every game's state, then each change. The channel
// sends states, not events: a resume from any position gets the current
// state of each game changed after it, so there is no gap to handle.
import { Stream, wsUrl, type FrameResult, type RawMessage, type StreamOptions } from "./stream.js";
import type { SportsEvent } from "./streamtypes.js";

export const SPORTS_STREAM_PATH = "/ws/sports";

export interface SportsStreamOptions extends StreamOptions {
  /** "http://localhost:8081": Gamma's REST base URL. */
  baseUrl: string;
}

/** SportsStream is /ws/sports: sport_result messages (and errors). */
export class SportsStream extends Stream<SportsEvent> {
  private readonly base: string;

  constructor(o: SportsStreamOptions, onEvent: (e: SportsEvent) => void) {
    super(o, onEvent);
    this.base = o.baseUrl;
    this.start();
  }

  protected url(from: number | undefined): string {
    return wsUrl(this.base, SPORTS_STREAM_PATH) + (from === undefined ? "" : `?from=${from}`);
  }

  protected hello(): object[] {
    return [];
  }

  /** A ping's position may be taken too: every game changed after it comes again whatever was missed. */
  protected frame(msgs: RawMessage[]): FrameResult<SportsEvent> {
    const res: FrameResult<SportsEvent> = { events: [], send: [] };
    for (const m of msgs) {
      if (m.type === "sport_result" || m.type === "ping" || m.type === "pong") {
        if (m.position !== undefined) res.position = Math.max(res.position ?? 0, m.position);
      }
      if (m.type === "sport_result" || m.type === "error") res.events.push(m as unknown as SportsEvent);
    }
    return res;
  }
}
