package bench.set

import groovy.transform.CompileStatic

import java.math.RoundingMode

/**
 * Minimal immutable money value in a single currency.
 */
@CompileStatic
final class Money implements Comparable<Money> {
    static final Money ZERO = new Money(BigDecimal.ZERO, 'EUR')

    final BigDecimal amount
    final String currency

    Money(BigDecimal amount, String currency = 'EUR') {
        this.amount = amount.setScale(2, RoundingMode.HALF_EVEN)
        this.currency = currency
    }

    static Money of(Number n, String currency = 'EUR') {
        new Money(new BigDecimal(n.toString()), currency)
    }

    Money plus(Money other) {
        sameCurrency(other)
        new Money(amount + other.amount, currency)
    }

    Money minus(Money other) {
        sameCurrency(other)
        new Money(amount - other.amount, currency)
    }

    Money multiply(Number factor) {
        new Money(amount * new BigDecimal(factor.toString()), currency)
    }

    boolean isNegative() {
        amount.signum() < 0
    }

    int compareTo(Money other) {
        sameCurrency(other)
        amount <=> other.amount
    }

    private void sameCurrency(Money other) {
        if (other.currency != currency) {
            throw new IllegalArgumentException("Currency mismatch: ${currency} vs ${other.currency}")
        }
    }

    @Override
    boolean equals(Object o) {
        o instanceof Money && ((Money) o).amount == amount && ((Money) o).currency == currency
    }

    @Override
    int hashCode() { Objects.hash(amount, currency) }

    String toString() { "${amount} ${currency}".toString() }
}
