package scenario

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

const file = `# first
a 1
b 2
----
one
two

# second

c
----

d
----
x
`

// TestParseAndWrite: a file parses into its blocks and writes back the
// same with the same output, and with other output only that changed.
func TestParseAndWrite(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "s.txt")
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	blocks, err := Parse(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 3 || !slices.Equal(blocks[0].Commands, []string{"a 1", "b 2"}) || blocks[0].Want != "one\ntwo\n" ||
		blocks[1].Line != 10 || blocks[1].Want != "" || !slices.Equal(blocks[1].Comments, []string{"# second", ""}) || blocks[2].Want != "x\n" {
		t.Fatalf("parsed %+v", blocks)
	}
	if err := Write(path, blocks, []string{"one\ntwo\n", "", "x\n"}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != file {
		t.Fatalf("rewritten unchanged:\n%s", b)
	}
	if err := Write(path, blocks, []string{"one\n", "", "y\n"}); err != nil {
		t.Fatal(err)
	}
	again, err := Parse(path)
	if err != nil || again[0].Want != "one\n" || again[2].Want != "y\n" || !slices.Equal(again[1].Commands, []string{"c"}) {
		t.Fatalf("rewritten %+v, %v", again, err)
	}
}
