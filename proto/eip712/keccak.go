package eip712

import (
	"sync"

	"github.com/ethereum/go-ethereum/crypto"
)

const wordLen = 32

// hasher bundles a Keccak state with the scratch buffers one typed-data
// hash or one signature recovery needs. Pooling the whole bundle keeps buffers off the heap: a local
// array passed to the hash.Hash interface would escape and cost an
// allocation per call.
type hasher struct {
	k      crypto.KeccakState
	buf    [orderEncodedLen]byte // hashStruct input: type hash and 13 fields
	prefix [2 + 2*wordLen]byte   // 0x19 0x01 ‖ domain separator ‖ struct hash
	out    [wordLen]byte
	// Signature recovery hands these to C; as locals they would escape.
	msg [wordLen]byte
	rsv [SignatureLen]byte
}

var hasherPool = sync.Pool{
	New: func() any { return &hasher{k: crypto.NewKeccakState()} },
}

func getHasher() *hasher  { return hasherPool.Get().(*hasher) }
func putHasher(h *hasher) { hasherPool.Put(h) }

// sum returns keccak256(data).
func (h *hasher) sum(data []byte) [wordLen]byte {
	h.k.Reset()
	h.k.Write(data)
	h.k.Read(h.out[:])
	return h.out
}

// digest returns the EIP-712 signing digest
// keccak256(0x19 0x01 ‖ domainSeparator ‖ structHash).
func (h *hasher) digest(sep, structHash [wordLen]byte) [wordLen]byte {
	h.prefix[0], h.prefix[1] = 0x19, 0x01
	copy(h.prefix[2:2+wordLen], sep[:])
	copy(h.prefix[2+wordLen:], structHash[:])
	return h.sum(h.prefix[:])
}

// TypedDataDigest returns keccak256(0x19 0x01 ‖ sep ‖ structHash), the
// digest that EIP-712 signs, for any struct hash under domain separator
// sep.
func TypedDataDigest(sep, structHash [32]byte) [32]byte {
	h := getHasher()
	d := h.digest(sep, structHash)
	putHasher(h)
	return d
}

// keccakString hashes a string as EIP-712 encodes dynamic "string" values.
func keccakString(s string) [wordLen]byte {
	return crypto.Keccak256Hash([]byte(s))
}

// putUint64 writes v as a big-endian 256-bit word.
func putUint64(word []byte, v uint64) {
	clear(word[:wordLen-8])
	for i := range 8 {
		word[wordLen-1-i] = byte(v >> (8 * i))
	}
}

// putAddress writes a 20-byte address left-padded to a 32-byte word.
func putAddress(word []byte, a [20]byte) {
	clear(word[:wordLen-20])
	copy(word[wordLen-20:wordLen], a[:])
}

// putUint8 writes a uint8 as a 32-byte word.
func putUint8(word []byte, v uint8) {
	clear(word[:wordLen-1])
	word[wordLen-1] = v
}
