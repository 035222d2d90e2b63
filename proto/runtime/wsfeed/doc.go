// Package wsfeed is the WebSocket plumbing every stream of the exchange
// shares (the CLOB's /ws/market and /ws/user, Gamma's /ws/sports), on
// github.com/coder/websocket: the upgrade, the named limits, a bounded
// send queue per connection drained by one writer goroutine, keep-alive
// both ways and the metrics. What a channel says (subscriptions,
// snapshots, positions) is its own; wsfeed moves frames.
//
// A service's handler is Echo-compatible without wsfeed linking Echo:
//
//	e.GET("/ws/market", func(c echo.Context) error {
//		conn, err := feed.Accept(c.Response(), c.Request(), "market", c.RealIP())
//		if err != nil {
//			return err // a coded refusal: the API's error renderer answers it
//		}
//		conn.Run(ctx, onMessage) // returns when the connection ends
//		return nil
//	})
//
// Frames the server sends are text frames of JSON; control messages
// (ping, pong, error) are one JSON object each, in the shape every
// channel's document gives them: {"type","position",...}.
//
// Memory: a connection holds at most Limits.SendQueueFrames frames and
// Limits.SendQueueBytes bytes not yet written. A consumer that lets its
// queue fill is sent an error (when the socket takes it) and closed with
// 1008 and "STREAM_SLOW_CONSUMER: ..."; the server never buffers more for
// it.
package wsfeed
