package bench.set

import groovy.transform.CompileStatic

/**
 * Accumulates validation problems for an entity.
 */
@CompileStatic
class ValidationResult {
    final String subject
    private final List<String> problems = []

    ValidationResult(String subject) {
        this.subject = subject
    }

    ValidationResult require(boolean condition, String message) {
        if (!condition) {
            problems.add(message)
        }
        this
    }

    ValidationResult notBlank(String value, String field) {
        require(value != null && !value.trim().isEmpty(), "${field} must not be blank".toString())
    }

    ValidationResult positive(Number value, String field) {
        require(value != null && value.doubleValue() > 0, "${field} must be positive".toString())
    }

    ValidationResult merge(ValidationResult other) {
        problems.addAll(other.problems.collect { String p -> "${other.subject}: ${p}".toString() })
        this
    }

    boolean isValid() {
        problems.isEmpty()
    }

    List<String> getProblems() {
        Collections.unmodifiableList(problems)
    }

    void orThrow() {
        if (!valid) {
            throw new IllegalArgumentException("${subject} is invalid: ${problems.join('; ')}")
        }
    }

    String toString() {
        valid ? "${subject}: ok" : "${subject}: ${problems.size()} problem(s)"
    }
}
