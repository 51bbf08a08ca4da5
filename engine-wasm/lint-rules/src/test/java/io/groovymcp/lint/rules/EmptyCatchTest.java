package io.groovymcp.lint.rules;

import static io.groovymcp.lint.rules.Lint.expect;
import static io.groovymcp.lint.rules.Lint.lines;

import org.junit.jupiter.api.Test;

class EmptyCatchTest {
    private static final String RULE = "groovy/empty-catch";

    @Test
    void emptyCatchBlocksAreReported() {
        expect(RULE, lines(
                "try { println 1 } catch (Exception e) {}",
                "try { println 2 } catch (IOException e) {",
                "",
                "}",
                "try { println 3 } catch (RuntimeException e) { ; }",
                "class A { void m() { try { m() } catch (Throwable t) { } } }"), "1:19", "2:19", "5:19", "6:34");
    }

    @Test
    void multiCatchIsReportedOnce() {
        expect(RULE, "try { println 1 } catch (IOException | IllegalStateException e) { }\n", "1:19");
    }

    @Test
    void intentionalOrNonEmptyCatchesAreNotReported() {
        expect(RULE, lines(
                "try { println 1 } catch (Exception e) { /* best effort */ }",
                "try { println 2 } catch (Exception e) {",
                "    // the file may not exist yet",
                "}",
                "try { println 3 } catch (Exception ignored) {}",
                "try { println 4 } catch (Exception expected) {}",
                "try { println 5 } catch (Exception e) { e.printStackTrace() }",
                "try { println 6 } finally { }"));
    }
}
