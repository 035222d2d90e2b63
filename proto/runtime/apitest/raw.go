package apitest

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"pred.dev/proto/errcode"
)

// rawWaitMax bounds a raw exchange: it turns a hang into a failure.
const rawWaitMax = 10 * time.Second

// Answer is one response read off a raw connection.
type Answer struct {
	Status int
	Header http.Header
	Body   []byte
	// Close is the response's Connection: close, which http.ReadResponse
	// takes out of Header.
	Close bool
}

// Code is the "code" of a JSON error body, or "".
func (a Answer) Code() string {
	var b struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(a.Body, &b)
	return b.Code
}

// Exchange sends raw bytes to addr (host:port) on a new TCP connection,
// as a client that writes what it likes, and reads every response until
// the server closes the connection. The bytes are written from another
// goroutine, as a server may answer before it has read them all; with
// closeWrite the connection is half-closed after them. It is for the
// requests an HTTP client library would not send (two lengths, bytes a
// header may not hold, a request hidden behind another).
func Exchange(t testing.TB, addr, raw string, closeWrite bool) []Answer {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(rawWaitMax))
	go func() {
		_, _ = io.WriteString(conn, raw)
		if cw, ok := conn.(interface{ CloseWrite() error }); ok && closeWrite {
			_ = cw.CloseWrite()
		}
	}()
	r := bufio.NewReader(conn)
	var out []Answer
	for {
		if _, err := r.Peek(1); err != nil {
			if !errors.Is(err, io.EOF) {
				t.Fatalf("after %d answers: %v", len(out), err)
			}
			return out
		}
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Fatalf("answer %d is not an HTTP response: %v", len(out)+1, err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, Answer{Status: resp.StatusCode, Header: resp.Header, Body: body, Close: resp.Close})
	}
}

// RequireRefusal fails t unless answers are one JSON error with code,
// a message, and the connection closed after it: what the APIs answer to
// a request head they refuse, with nothing behind it answered.
func RequireRefusal(t testing.TB, what string, answers []Answer, code errcode.Code) {
	t.Helper()
	if len(answers) != 1 {
		t.Errorf("%s: %d answers, want the refusal alone: %+v", what, len(answers), answers)
		return
	}
	a := answers[0]
	var b struct {
		Error string `json:"error"`
		Code  string `json:"code"`
	}
	if a.Status != code.Status() || a.Header.Get("Content-Type") != "application/json" ||
		json.Unmarshal(a.Body, &b) != nil || b.Code != string(code) || len(b.Error) < 20 {
		t.Errorf("%s: %d %s %s, want %d %s", what, a.Status, a.Header.Get("Content-Type"), a.Body, code.Status(), string(code))
	}
	if !a.Close {
		t.Errorf("%s: the refusal does not close the connection", what)
	}
}
