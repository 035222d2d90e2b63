package httpmw

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

var envelopeType = reflect.TypeFor[*envelope]()

// cleanSeeds are bodies the fast path must take: what clients send.
var cleanSeeds = []string{
	`{"from":"a","shade":-2,"order":{"taker":"t","salt":7},"list":[{"taker":"u"},{}],"Plain":"p \" \\ \/ \n"}`,
	`{ "from" : "a" , "order" : { "salt" : "7" } , "list" : [ ] }`,
	`{"name":"n","any":[1,"x",true,false,[2.5e-3]],"shade":0}`,
	"{\"from\":\"caf\u00e9 \U0001F600\"}",
	`{}`,
}

// TestCleanJSONTakesCleanBodies: the bodies clients send go the fast way,
// or the fast path is dead code that still has to be right.
func TestCleanJSONTakesCleanBodies(t *testing.T) {
	for _, s := range cleanSeeds {
		if !cleanJSON([]byte(s), envelopeType) {
			t.Errorf("the fast path did not take %s", s)
		}
		if p := checkJSON([]byte(s), envelopeType); p != "" {
			t.Errorf("%s: checkJSON refuses a seed: %s", s, p)
		}
	}
}

// TestCleanJSONNeverAcceptsWhatCheckJSONRefuses mutates clean bodies and
// the refusal cases at random (a fixed seed, so a failure repeats) and
// checks the one rule of the fast path: it takes only what checkJSON
// takes.
func TestCleanJSONNeverAcceptsWhatCheckJSONRefuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 1))
	seeds := append(append([]string{}, cleanSeeds...), `{"from": "a", "FROM": "b"}`, `{"from":"a","from":"b"}`,
		`{"shade": 1.5}`, `{"any": `+strings.Repeat("[", 40)+strings.Repeat("]", 40)+"}", `{"from": "\ud800x"}`)
	const alphabet = `{}[]:," \\0123456789-.eEtruefalsnxuFROMfromshadeordertakersaltlistanyPlain` + "\x00\x1f\xff"
	taken := 0
	for range 200_000 {
		b := []byte(seeds[rng.IntN(len(seeds))])
		for range 1 + rng.IntN(3) {
			i := rng.IntN(len(b) + 1)
			c := alphabet[rng.IntN(len(alphabet))]
			switch rng.IntN(3) {
			case 0:
				b = append(b[:i], append([]byte{c}, b[i:]...)...)
			case 1:
				if i < len(b) {
					b = append(b[:i], b[i+1:]...)
				}
			default:
				if i < len(b) {
					b[i] = c
				}
			}
		}
		if !cleanJSON(b, envelopeType) {
			continue
		}
		taken++
		if p := checkJSON(b, envelopeType); p != "" {
			t.Fatalf("the fast path took %q, which checkJSON refuses: %s", b, p)
		}
	}
	if taken < 1000 {
		t.Fatalf("only %d mutated bodies went the fast way: the test checks too little", taken)
	}
}

// FuzzCleanJSON is the same rule under the fuzzer.
func FuzzCleanJSON(f *testing.F) {
	for _, s := range cleanSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if cleanJSON(body, envelopeType) {
			if p := checkJSON(body, envelopeType); p != "" {
				t.Fatalf("the fast path took %q, which checkJSON refuses: %s", body, p)
			}
		}
	})
}
