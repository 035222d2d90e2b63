package journal

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"google.golang.org/protobuf/proto"

	"pred.dev/proto/pb"
)

// Frame layout: magic, then the CRC-32C of the payload (little endian), then
// the protobuf payload. JetStream has lost or mangled acknowledged data
// under disk corruption, so every payload carries its own checksum and the
// engine halts on a mismatch instead of applying garbage.
const (
	frameMagic = "PRD1"
	// FrameHeaderLen is the length of the header before the payload.
	FrameHeaderLen = 8
)

// ErrCorrupt marks a payload that failed a frame check. The wrapping error
// says which check failed.
var ErrCorrupt = errors.New("journal: corrupt frame")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// marshalOpts makes encoding deterministic, so two engines applying the
// same log publish byte-identical event payloads.
var marshalOpts = proto.MarshalOptions{Deterministic: true}

// sizedMarshalOpts encodes a message just measured with marshalOpts.Size:
// the sizes of its nested messages (each event of a batch) are read from
// that pass instead of computed again.
var sizedMarshalOpts = proto.MarshalOptions{Deterministic: true, UseCachedSize: true}

// EncodeCommandBatch frames a command batch for the CMD stream.
func EncodeCommandBatch(b *pb.CommandBatch) ([]byte, error) { return encodeFrame(b) }

// DecodeCommandBatch checks the frame of a CMD payload and decodes it.
func DecodeCommandBatch(data []byte) (*pb.CommandBatch, error) {
	b := new(pb.CommandBatch)
	return b, decodeFrame(data, b)
}

// EncodeEventBatch frames an event batch for the EVT stream and for result
// replies.
func EncodeEventBatch(b *pb.EventBatch) ([]byte, error) { return encodeFrame(b) }

// DecodeEventBatch checks the frame of an EVT payload or result reply and
// decodes it.
func DecodeEventBatch(data []byte) (*pb.EventBatch, error) {
	b := new(pb.EventBatch)
	return b, decodeFrame(data, b)
}

func encodeFrame(m proto.Message) ([]byte, error) {
	buf := make([]byte, FrameHeaderLen, FrameHeaderLen+marshalOpts.Size(m))
	buf, err := sizedMarshalOpts.MarshalAppend(buf, m)
	if err != nil {
		return nil, fmt.Errorf("journal: encode %T: %w", m, err)
	}
	SealFrame(buf)
	return buf, nil
}

// SealFrame writes the magic and checksum into the first FrameHeaderLen
// bytes of buf, whose payload is already in place after them. Writers
// that assemble a payload by hand (the group-commit publisher joins
// commands it has already encoded) frame it with SealFrame.
func SealFrame(buf []byte) {
	copy(buf, frameMagic)
	binary.LittleEndian.PutUint32(buf[4:], crc32.Checksum(buf[FrameHeaderLen:], castagnoli))
}

// Unframe checks a frame's magic and checksum and returns its protobuf
// payload, for readers that decode the payload themselves (the engine does,
// into reused structures, without allocating).
func Unframe(data []byte) ([]byte, error) {
	if len(data) < FrameHeaderLen {
		return nil, fmt.Errorf("%w: %d bytes is shorter than the %d-byte header", ErrCorrupt, len(data), FrameHeaderLen)
	}
	if string(data[:4]) != frameMagic {
		return nil, fmt.Errorf("%w: bad magic %q, want %q", ErrCorrupt, data[:4], frameMagic)
	}
	payload := data[FrameHeaderLen:]
	want := binary.LittleEndian.Uint32(data[4:])
	if got := crc32.Checksum(payload, castagnoli); got != want {
		return nil, fmt.Errorf("%w: CRC-32C mismatch: header says %08x, payload has %08x", ErrCorrupt, want, got)
	}
	return payload, nil
}

func decodeFrame(data []byte, m proto.Message) error {
	payload, err := Unframe(data)
	if err != nil {
		return err
	}
	if err := proto.Unmarshal(payload, m); err != nil {
		return fmt.Errorf("%w: %T does not decode: %w", ErrCorrupt, m, err)
	}
	return nil
}
