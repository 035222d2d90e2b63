package ops

import _ "embed"

// RulesFile is the name the rules are written under, beside the scrape
// configuration that names them.
const RulesFile = "alerts.yml"

//go:embed alerts.yml
var rules []byte

// Rules returns the alert rules, a Prometheus rule file.
func Rules() []byte { return append([]byte(nil), rules...) }
