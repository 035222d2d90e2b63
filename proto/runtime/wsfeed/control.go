package wsfeed

import (
	"encoding/json"
	"unicode/utf8"

	"pred.dev/proto/errcode"
)

// The control messages wsfeed itself sends, in the shape every channel
// documents (clobapi.PingMessage, ErrorMessage, ...): one JSON object per
// frame with the connection's last position.
const (
	typePing  = "ping"
	typePong  = "pong"
	typeError = "error"
)

type control struct {
	Type     string `json:"type"`
	Position uint64 `json:"position"`
}

// ErrorMessage is the error control message.
type ErrorMessage struct {
	Type     string `json:"type"`
	Position uint64 `json:"position"`
	ID       string `json:"id,omitempty"`
	Code     string `json:"code"`
	Message  string `json:"message"`
}

func controlFrame(typ string, position uint64) []byte {
	b, _ := json.Marshal(control{Type: typ, Position: position})
	return b
}

func errorFrame(position uint64, id string, err *errcode.Error) []byte {
	b, _ := json.Marshal(ErrorMessage{Type: typeError, Position: position, ID: id, Code: string(err.Code), Message: err.Error()})
	return b
}

// isPing reports whether a client frame is {"type":"ping"} (any other
// field is ignored, as a client's ping may carry its own id).
func isPing(data []byte) bool {
	var m struct {
		Type string `json:"type"`
	}
	return json.Unmarshal(data, &m) == nil && m.Type == typePing
}

// closeReasonBytesMax is the longest close reason a close frame carries
// (RFC 6455: 125 bytes of payload, 2 of them the status code).
const closeReasonBytesMax = 123

// closeReason is "CODE: message", cut to fit a close frame.
func closeReason(err *errcode.Error) string {
	r := string(err.Code) + ": " + err.Error()
	if len(r) > closeReasonBytesMax {
		r = r[:closeReasonBytesMax]
		for !utf8.ValidString(r) { // do not split a UTF-8 sequence
			r = r[:len(r)-1]
		}
	}
	return r
}
