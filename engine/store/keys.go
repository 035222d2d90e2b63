package store

import (
	"encoding/binary"

	"pred.dev/engine/machine"
)

// Key prefixes; the keyspace table is in the package comment.
const (
	pState         byte = 's'
	pApplied       byte = 'a'
	pOrder         byte = 'o'
	pOrderState    byte = 'p'
	pAllOrders     byte = 'g'
	pWalletOrders  byte = 'w'
	pOpenOrders    byte = 'n'
	pOrderTrades   byte = 'x'
	pTrade         byte = 't'
	pTradeStatus   byte = 'u'
	pWalletTrades  byte = 'v'
	pTransfer      byte = 'T'
	pWalletXfers   byte = 'U'
	pBalance       byte = 'b'
	pApproval      byte = 'A'
	pMarket        byte = 'm'
	pMarketByID    byte = 'j'
	pToken         byte = 'k'
	pLastTrade     byte = 'l'
	pPriceHistory  byte = 'h'
	pOrderSize     byte = 'z'
	balCollateral  byte = 0
	balToken       byte = 1
	minuteMs            = 60_000
	seqLen              = 8
	hashLen             = 32
	addrLen             = 20
	marketIndexLen      = 4
)

// appliedKey is the one key of the applied log position.
var appliedKey = []byte{pApplied}

// keyBuf builds keys in a reused buffer. The slices it returns are valid
// until the next call; Pebble copies keys into its batch.
type keyBuf struct{ b []byte }

func (k *keyBuf) start(prefix byte) *keyBuf {
	k.b = append(k.b[:0], prefix)
	return k
}

func (k *keyBuf) hash(h *machine.Hash) *keyBuf    { k.b = append(k.b, h[:]...); return k }
func (k *keyBuf) addr(a *machine.Address) *keyBuf { k.b = append(k.b, a[:]...); return k }
func (k *keyBuf) u8(v byte) *keyBuf               { k.b = append(k.b, v); return k }
func (k *keyBuf) u32(v uint32) *keyBuf            { k.b = binary.BigEndian.AppendUint32(k.b, v); return k }
func (k *keyBuf) u64(v uint64) *keyBuf            { k.b = binary.BigEndian.AppendUint64(k.b, v); return k }
func (k *keyBuf) desc(v uint64) *keyBuf           { return k.u64(^v) }
func (k *keyBuf) bytes() []byte                   { return k.b }

// balanceKey is 'b' addr 0x00 for collateral and 'b' addr 0x01 token for
// a token, so that no token id can collide with collateral.
func (k *keyBuf) balance(a *machine.Address, token *machine.Hash, isToken bool) []byte {
	k.start(pBalance).addr(a)
	if !isToken {
		return k.u8(balCollateral).bytes()
	}
	return k.u8(balToken).hash(token).bytes()
}

// approval is 'A' addr exchange: what the wallet lets an exchange move.
func (k *keyBuf) approval(a *machine.Address, x machine.Exchange) []byte {
	return k.start(pApproval).addr(a).u8(byte(x)).bytes()
}

// prefixEnd returns the smallest key greater than every key starting with
// p, or nil if there is none (p is all 0xff).
func prefixEnd(p []byte) []byte {
	end := append([]byte(nil), p...)
	for i := len(end) - 1; i >= 0; i-- {
		end[i]++
		if end[i] != 0 {
			return end[:i+1]
		}
	}
	return nil
}

func beUint64(b []byte) uint64 { return binary.BigEndian.Uint64(b) }
