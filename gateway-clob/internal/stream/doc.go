// Package stream serves the CLOB's streams, /ws/market and /ws/user, on
// the shared WebSocket plumbing (pred.dev/proto/runtime/wsfeed).
//
// A Hub per replica follows the EVT stream (pred.dev/proto/runtime/follow)
// and keeps a projection: every market's info and its book in YES terms,
// seeded from the engine (MarketsQuery, then BookQuery per market; the
// BookChanged events of commands the answers already reflect are
// skipped) and kept by BookChanged's totals. Each EVT message, applied,
// gives its items: the messages of both channels encoded once at their
// position, each with the scope of subscribers it goes to; a connection
// takes those it is subscribed to, numbers them (seq) and sends them as
// one frame. No clock and no map order enters a message, so every
// replica sends the same messages at the same positions.
//
// Resume (from P): the connection is registered at the hub's position H
// with its live frames held, positions P+1..H are read from the EVT
// stream and replayed over a copy of its markets' books rewound to P
// (BookChanged's totals before), then the held frames follow.
//
// Locks: the hub's before a client's, never the other way round (the
// hub delivers holding its own).
package stream
