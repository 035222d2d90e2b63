package fixed

import "math/bits"

// OrderPrice derives the price and size that signed order amounts imply.
//
// A BUY gives makerAmount of collateral for takerAmount of shares; a SELL
// gives makerAmount of shares for takerAmount of collateral (all in base
// units). The size must be a positive whole number of lots, and the
// collateral must equal size*price/One exactly for a price that passes
// CheckPrice(price, tick): the server never rounds a signed amount.
//
// The result is the price in micro-USDW per share and the size in base
// units of shares. Errors are *AmountError wrapping ErrInvalidSide,
// ErrInvalidTickSize, ErrZeroSize, ErrSizeNotLot, ErrPriceNotExact, or a
// *PriceError (ErrPriceOutOfRange, ErrPriceOffTick).
func OrderPrice(side Side, makerAmount, takerAmount uint64, tick TickSize) (price, size uint64, err error) {
	price, size, err = orderPrice(side, makerAmount, takerAmount, tick)
	if err != nil {
		return 0, 0, &AmountError{Side: side, MakerAmount: makerAmount, TakerAmount: takerAmount, Err: err}
	}
	return price, size, nil
}

func orderPrice(side Side, makerAmount, takerAmount uint64, tick TickSize) (price, size uint64, err error) {
	if !side.Valid() {
		return 0, 0, ErrInvalidSide
	}
	if !tick.Valid() {
		return 0, 0, ErrInvalidTickSize
	}
	collateral, size := makerAmount, takerAmount
	if side == Sell {
		collateral, size = takerAmount, makerAmount
	}
	if err := checkSize(size); err != nil {
		return 0, 0, err
	}
	// Collateral of at least the size means a price of 1 or more; it is
	// caught here so the quotient below stays under One and fits.
	if collateral >= size {
		return 0, 0, ErrPriceOutOfRange
	}
	// price = collateral*One/size in 128 bits, so no amount can overflow.
	hi, lo := bits.Mul64(collateral, One)
	price, rem := bits.Div64(hi, lo, size)
	if price < MinPrice || price > MaxPrice {
		return 0, 0, &PriceError{Price: price, Tick: tick, Err: ErrPriceOutOfRange}
	}
	if rem != 0 {
		return 0, 0, ErrPriceNotExact
	}
	if err := CheckPrice(price, tick); err != nil {
		return 0, 0, err
	}
	return price, size, nil
}

// OrderAmounts is the inverse of OrderPrice for clients: it turns a side,
// a price (micro-USDW per share) and a size (base units of shares) into
// the makerAmount and takerAmount to sign. The tick grid is not checked
// here because it depends on the market; the server checks it with
// OrderPrice. Errors are *QuoteError wrapping ErrInvalidSide, ErrZeroSize,
// ErrSizeNotLot, ErrPriceOutOfRange or ErrPriceNotExact.
func OrderAmounts(side Side, price, size uint64) (makerAmount, takerAmount uint64, err error) {
	collateral, err := orderCollateral(side, price, size)
	if err != nil {
		return 0, 0, &QuoteError{Side: side, Price: price, Size: size, Err: err}
	}
	if side == Buy {
		return collateral, size, nil
	}
	return size, collateral, nil
}

func orderCollateral(side Side, price, size uint64) (uint64, error) {
	if !side.Valid() {
		return 0, ErrInvalidSide
	}
	if err := checkSize(size); err != nil {
		return 0, err
	}
	if price < MinPrice || price > MaxPrice {
		return 0, ErrPriceOutOfRange
	}
	// size*price < 2^64 * One, so hi < One and Div64 cannot panic; the
	// quotient is at most size because price < One.
	hi, lo := bits.Mul64(size, price)
	collateral, rem := bits.Div64(hi, lo, One)
	if rem != 0 {
		return 0, ErrPriceNotExact
	}
	return collateral, nil
}

func checkSize(size uint64) error {
	if size == 0 {
		return ErrZeroSize
	}
	if size%LotUnits != 0 {
		return ErrSizeNotLot
	}
	return nil
}
