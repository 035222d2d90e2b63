// Package settler will turn trades into on-chain match transactions, track
// trade status and watch the chain for deposits and withdrawals. It has no
// code yet: its issue has not come.
package settler
