// Package chaincheck holds the test that the matching engine's ledger and
// the exchange contract agree: the same random orders go through the
// engine's core and, as matchOrders calls, through CTFExchange on a
// simulated chain, and every fee and balance must be equal to the unit.
package chaincheck
