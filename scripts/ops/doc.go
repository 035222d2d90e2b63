// Package ops is what an operator of the exchange's cluster monitors it
// with: the Prometheus alert rules (alerts.yml, embedded, each with its
// unit tests in testdata/alerts_test.yml) and the scrape configuration of
// every process's metrics address, which the cluster launcher writes
// beside its data. DEPLOY.md at the repository root says what each alert
// asks of the operator.
package ops
