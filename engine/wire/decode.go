// Package wire translates between the protobuf messages of the command and
// event streams (pred.dev/proto/pb) and the engine core's commands and
// events.
//
// Commands are decoded by hand, field by field, into reused core commands:
// replaying the log decodes millions of commands a second, and the
// generated decoder allocates every message, oneof wrapper and byte slice.
// The generated code is the reference: a test checks both decoders agree on
// random commands, and a fuzz target on arbitrary bytes.
//
// A message that does not parse as protobuf is an error: the engine halts
// rather than skip it. A message that parses but breaks the schema's rules
// (an address that is not 20 bytes, an unknown order type) becomes a command
// the core refuses with a reason, so every engine refuses it the same way.
package wire

import (
	"errors"
	"fmt"

	"google.golang.org/protobuf/encoding/protowire"

	"pred.dev/engine/machine"
)

// ErrMalformed marks a command payload that is not valid protobuf.
var ErrMalformed = errors.New("wire: malformed command payload")

// Signed holds the fields of a signed order that the core does not read
// but the store keeps (pred.dev/engine/store records it with the order)
// for settlement and for clients, to rebuild the signed order exactly.
type Signed struct {
	Salt          uint64
	Signer        machine.Address
	Taker         machine.Address
	Nonce         uint64
	SignatureType uint32
	Signature     [65]byte
	// ScopeID aliases the payload it was decoded from; the store copies it.
	ScopeID []byte
}

// Cmd is one decoded command.
type Cmd struct {
	// ID aliases the payload: the command id results are routed by.
	ID      []byte
	Command machine.Command
	Signed  Signed
	args    machine.Args
}

// Decoder decodes CMD payloads, reusing its commands from one payload to
// the next: the Cmds it returns are valid until the next Decode.
type Decoder struct {
	cmds []Cmd
}

// Decode decodes a CommandBatch payload (unframed). timeMs is the time of
// every command in it: the CMD message's timestamp.
func (d *Decoder) Decode(payload []byte, timeMs int64) ([]Cmd, error) {
	d.cmds = d.cmds[:0]
	err := fields(payload, func(num protowire.Number, typ protowire.Type, v []byte, _ uint64) error {
		if num != 2 || typ != protowire.BytesType {
			return nil // batch_id and unknown fields
		}
		if len(d.cmds) < cap(d.cmds) {
			d.cmds = d.cmds[:len(d.cmds)+1]
		} else {
			d.cmds = append(d.cmds, Cmd{})
		}
		c := &d.cmds[len(d.cmds)-1]
		return c.decode(v, timeMs)
	})
	if err != nil {
		return nil, err
	}
	// Args points into its own Cmd, which may have moved when d.cmds grew.
	for i := range d.cmds {
		if d.cmds[i].Command.Args != nil {
			d.cmds[i].Command.Args = &d.cmds[i].args
		}
	}
	return d.cmds, nil
}

// fields walks the fields of a message. For bytes fields v is the value;
// for varint fields x is.
func fields(b []byte, fn func(num protowire.Number, typ protowire.Type, v []byte, x uint64) error) error {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return fmt.Errorf("%w: bad tag: %v", ErrMalformed, protowire.ParseError(n))
		}
		b = b[n:]
		var v []byte
		var x uint64
		switch typ {
		case protowire.BytesType:
			v, n = protowire.ConsumeBytes(b)
		case protowire.VarintType:
			x, n = protowire.ConsumeVarint(b)
		default:
			n = protowire.ConsumeFieldValue(num, typ, b)
		}
		if n < 0 {
			return fmt.Errorf("%w: field %d: %v", ErrMalformed, num, protowire.ParseError(n))
		}
		b = b[n:]
		if err := fn(num, typ, v, x); err != nil {
			return err
		}
	}
	return nil
}

// decode fills c from a Command message. Schema violations set
// c.Command.Kind to 0, which the core refuses as an invalid command.
func (c *Cmd) decode(b []byte, timeMs int64) error {
	ids := c.Command.OrderIDs[:0]
	payout, trades := c.args.Payout[:0], c.args.TradeIDs[:0]
	*c = Cmd{}
	c.Command.OrderIDs, c.args.Payout, c.args.TradeIDs = ids, payout, trades
	c.Command.TimeMs = timeMs
	ok := true
	err := fields(b, func(num protowire.Number, typ protowire.Type, v []byte, _ uint64) error {
		if num == 1 {
			c.ID = v
			return nil
		}
		if typ != protowire.BytesType || int(num) >= len(bodies) {
			return nil // not a command body this engine knows
		}
		kind, body := bodies[num], bodyDecoders[num]
		if body == nil {
			return nil // an unknown command: Kind stays 0
		}
		c.Command.Kind = kind
		var err error
		ok, err = body(c, v)
		return err
	})
	if err != nil {
		return err
	}
	if !ok || !c.setID() {
		c.Command.Kind = 0
	}
	return nil
}

// setID copies the command id into the core command: the order hash of a
// place or replace (exactly 32 bytes), any id of 1 to 32 bytes otherwise.
func (c *Cmd) setID() bool {
	if len(c.ID) == 0 || len(c.ID) > 32 || (c.Command.Kind.PlacesOrder() && len(c.ID) != 32) {
		return false
	}
	copy(c.Command.ID[:], c.ID)
	return true
}
