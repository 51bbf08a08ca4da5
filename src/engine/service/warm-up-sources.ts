/**
 * Groovy written for the idle warm-up (idle-warm-up.ts) and for nothing else: it is no benchmark fixture and no
 * user's code. Each slice is one compile, small enough that a client request arriving meanwhile waits for at most
 * one slice. Together they walk the grammar (so the parser's DFA learns the common decisions) and every stage a
 * diagnostics call runs (resolver, static type checker, AST transforms), so V8 has counted and tiered up the hot
 * functions before the first real request. Every slice compiles without errors: a failing compile stops early and
 * would leave later stages cold.
 */
export const WARM_UP_SOURCES: readonly string[] = [
  // 0: tiny, so the first slice (which pays for every first use: V8's baseline code of the whole pipeline, the class
  // model's first stubs) is short; a request that arrives during it waits for little more than its own cold start
  `class Tiny { int x; int twice() { x * 2 } }
`,
  // 1: classes, properties, constructors, GStrings, lists and maps, closures
  `package warmup.basics

import java.util.concurrent.atomic.AtomicInteger

class Account {
    String owner
    BigDecimal balance = 0.0G
    List<String> tags = []
    Map<String, Integer> counters = [:]
    private final AtomicInteger version = new AtomicInteger()

    Account(String owner) { this.owner = owner }

    Account deposit(BigDecimal amount) {
        if (amount <= 0) throw new IllegalArgumentException("amount must be positive, was \${amount}")
        balance += amount
        counters.merge('deposit', 1) { a, b -> a + b }
        version.incrementAndGet()
        this
    }

    String describe() {
        def t = tags.isEmpty() ? 'none' : tags.join(', ')
        "Account of $owner: \${balance.setScale(2)} (tags: $t, v\${version.get()})"
    }
}

def accounts = ['ann', 'bob', 'cy'].collect { new Account(it) }
accounts.eachWithIndex { a, i -> a.deposit(10.0G * (i + 1)); a.tags << "t$i".toString() }
def rich = accounts.findAll { it.balance > 15 }*.owner
def byOwner = accounts.collectEntries { [(it.owner): it.balance] }
def total = accounts.sum { it.balance } ?: 0
def names = accounts.inject('') { acc, a -> acc + a.owner[0].toUpperCase() }
assert names.size() == 3
println accounts*.describe().join('\\n')
println "rich=$rich total=$total byOwner=$byOwner"
`,
  // 1b: a script of collection methods, ranges, maps and closures (split from 1)
  `def ranges = (1..10).step(2).collect { it * it } + (0..<3).toList()
def grouped = ranges.groupBy { it % 3 }.collectEntries { k, v -> [k, v.size()] }
println grouped.sort { a, b -> b.value <=> a.value }
def people = [[name: 'ann', age: 31], [name: 'bob', age: 25], [name: 'cy', age: 42]]
def older = people.findAll { it.age > 30 }.collect { it.name.capitalize() }
def byAge = people.sort(false) { it.age }*.name
def stats = [min: people*.age.min(), max: people*.age.max(), avg: people.sum { it.age } / people.size()]
def nested = [a: [b: [c: 1]]]
nested.a.b.d = 2
def flat = [[1, [2, 3]], [4]].flatten().unique().reverse()
def (evens, odds) = (1..9).split { it % 2 == 0 }
def counts = 'mississippi'.toList().countBy { it }
def windows = (1..6).collate(2)
def any = people.any { it.name.startsWith('c') } && people.every { it.age > 18 }
println([older, byAge, stats, nested, flat, evens, odds, counts, windows, any, people.indexed().collect { i, p -> "$i:\${p.name}" }])
`,
  // 2: @CompileStatic classes, interfaces, default methods, enums with bodies
  `package warmup.typed

import groovy.transform.CompileStatic

interface Shape {
    double area()
    default String label() { getClass().simpleName + '(' + String.format('%.2f', area()) + ')' }
}

enum Unit {
    MM(0.001d), CM(0.01d), M(1.0d)
    final double factor
    Unit(double factor) { this.factor = factor }
    double toMetres(double v) { v * factor }
}

@CompileStatic
class Circle implements Shape {
    final double r
    Circle(double r) { this.r = r }
    double area() { Math.PI * r * r }
}

@CompileStatic
class Rect implements Shape, Comparable<Rect> {
    final double w, h
    Rect(double w, double h) { this.w = w; this.h = h }
    double area() { w * h }
    int compareTo(Rect other) { Double.compare(area(), other.area()) }
}

println([new Circle(1).label(), new Rect(2, 3).compareTo(new Rect(1, 1)), Unit.MM.toMetres(5)])
`,
  // 2b: generic classes, bounded type parameters, both switch forms (split from 2: each slice pays its own cold code)
  `package warmup.generic

import groovy.transform.CompileStatic
import java.util.function.Function

enum Unit { MM, CM, M }

@CompileStatic
class Registry<K extends Comparable<K>, V> {
    private final Map<K, List<V>> entries = new TreeMap<K, List<V>>()
    void add(K key, V value) { entries.computeIfAbsent(key, { K k -> new ArrayList<V>() } as Function<K, List<V>>).add(value) }
    List<V> get(K key) { entries.getOrDefault(key, Collections.<V>emptyList()) }
    int size() { int n = 0; for (List<V> l : entries.values()) { n += l.size() }; n }
    <R> List<R> mapAll(Function<? super V, ? extends R> f) {
        List<R> out = []
        entries.values().each { List<V> l -> l.each { V v -> out.add(f.apply(v)) } }
        out
    }
}

@CompileStatic
String classify(Object o) {
    switch (o) {
        case null: return 'null'
        case Integer: return 'int ' + ((Integer) o + 1)
        case String: return 'string of ' + ((String) o).length()
        case [1, 2, 3]: return 'small'
        case ~/a.*/: return 'starts with a'
        default: return 'other'
    }
}

@CompileStatic
int score(Unit u) {
    switch (u) {
        case Unit.MM -> 1
        case Unit.CM -> 2
        default -> 3
    }
}

def reg = new Registry<String, List<Integer>>()
reg.add('round', [2])
reg.add('square', [2, 2])
reg.add('square', [1, 3])
println reg.mapAll { List<Integer> s -> s.sum() }
println([classify(3), classify('abc'), classify(null), score(Unit.CM), reg.size()])
`,
  // 3: traits, annotations and AST transforms, records, inheritance, static nested and inner classes
  `package warmup.transforms

import groovy.transform.Canonical
import groovy.transform.EqualsAndHashCode
import groovy.transform.Immutable
import groovy.transform.ToString
import groovy.transform.TupleConstructor
import groovy.transform.CompileStatic
import groovy.transform.TypeChecked

trait Named {
    String name
    String greet() { "Hello, $name" }
}

trait Counted {
    private int count = 0
    int next() { count = count + 1; count }
}

@ToString(includeNames = true)
@EqualsAndHashCode
class Person implements Named, Counted {
    int age
    static class Builder {
        private final Person p = new Person()
        Builder name(String n) { p.name = n; this }
        Builder age(int a) { p.age = a; this }
        Person build() { p }
    }
    class Nickname {
        String value() { name.take(3) }
    }
}

@Canonical
class Point { int x; int y }

@Immutable
class Money { String currency; long cents }

@TupleConstructor
class Pair<A, B> { A first; B second }

record Range(int from, int to) {
    int length() { to - from }
}

@TypeChecked
abstract class Animal {
    abstract String sound()
    String speak(int times = 1) { ([sound()] * times).join(' ') }
}

@CompileStatic
class Dog extends Animal {
    String sound() { 'woof' }
    @Override String speak(int times) { super.speak(times).toUpperCase() }
}

def p = new Person.Builder().name('Ada').age(36).build()
def nick = new Person.Nickname(p)
println "\${p.greet()} \${p.next()} \${p.next()} \${nick.value()} $p"
println([new Point(1, 2), new Point(x: 3, y: 4), new Money('EUR', 250), new Pair<String, Integer>('a', 1).second])
println new Range(2, 9).length() + new Dog().speak(2).length()
assert new Point(1, 2) == new Point(1, 2)
`,
  // 4: exceptions, try/finally, resources, loops of every kind, labels, operators
  `package warmup.control

import groovy.transform.CompileStatic

class ParseFailure extends RuntimeException {
    final int line
    ParseFailure(String message, int line, Throwable cause = null) { super(message, cause); this.line = line }
}

@CompileStatic
class Tokens implements Iterable<String>, AutoCloseable {
    private final List<String> parts
    boolean closed
    Tokens(String text) { parts = text.tokenize(' ,;') }
    Iterator<String> iterator() { parts.iterator() }
    void close() { closed = true }
}

@CompileStatic
static int sumNumbers(String text) {
    int total = 0
    new Tokens(text).withCloseable { Tokens t ->
        for (String s : t) {
            try {
                total += Integer.parseInt(s)
            } catch (NumberFormatException e) {
                total -= 1
            } finally {
                total <<= 0
            }
        }
    }
    total
}

static String loops(int n) {
    def sb = new StringBuilder()
    outer:
    for (int i = 0; i < n; i++) {
        for (j in 0..i) {
            if (j == 3) continue outer
            if (i * j > 20) break outer
            sb << (i ^ j) << ' '
        }
    }
    int k = n
    while (k > 0) { k -= 2; sb.append(k % 2 == 0 ? 'e' : 'o') }
    do { k++ } while (k < 3)
    n.times { sb << it }
    n.downto(0) { sb << '-' }
    sb.toString()
}

def risky = { int x ->
    try {
        if (x < 0) throw new ParseFailure("negative: $x", x)
        return 10.intdiv(x)
    } catch (ArithmeticException | ParseFailure e) {
        return e instanceof ParseFailure ? ((ParseFailure) e).line : -99
    }
}
try (def t = new Tokens('a b')) { assert !t.closed }
def (a, b, c) = [1, 2, 3]
def bits = (a | b) & ~c ^ (a << 2) >>> 1
def cmp = [a <=> b, a in [1, 2], !!c, a ?: b, null?.size() ?: 0, 2 ** 10, 7 % 3, -a]
println([sumNumbers('1, 2; x 3'), loops(6), risky(0), risky(-4), risky(5), bits, cmp])
`,
  // 5: strings of every kind, regexes, closures as objects, method references, lambdas, streams
  `package warmup.text

import groovy.transform.CompileStatic
import java.util.stream.Collectors

def name = 'world'
def single = 'it\\'s plain'
def double_ = "hello \${name.capitalize()} \$name"
def triple = '''one
two'''
def tripleG = """\\
    lines: \${[1, 2].collect { "<\$it>" }.join()}
    done"""
def slashy = /a\\d+b/
def dollar = $/path\\to\\$name and /slashes//$
def matcher = 'a12b a3b' =~ /a(\\d+)b/
def found = matcher.collect { it[1] }
def matches = 'abc' ==~ /[a-c]+/
def replaced = 'x-y-z'.replaceAll(/-(\\w)/) { all, ch -> ch.toUpperCase() }
def chars = ('a'..'e').collect { it as char }
char c = 'q'
def padded = name.padLeft(8, '*') + name.center(11) + name[1..3] + name[-1] + name * 2

@CompileStatic
class Words {
    static List<String> longest(Collection<String> words, int n) {
        words.stream()
            .filter { String w -> w.length() > 2 }
            .sorted(Comparator.comparing({ String w -> -w.length() } as java.util.function.Function<String, Integer>))
            .limit(n)
            .collect(Collectors.toList())
    }
    static Map<Integer, Long> histogram(List<String> words) {
        words.stream().collect(Collectors.groupingBy({ String w -> w.length() }, Collectors.counting()))
    }
    static String joined(List<String> xs) { xs.stream().map(String::toUpperCase).collect(Collectors.joining('|')) }
    static int total(List<Integer> xs) { xs.stream().mapToInt(Integer::intValue).sum() }
    static Runnable task(List<String> log) { return () -> { log.add('ran') } }
}

def composed = ({ it * 2 } >> { it + 1 }) << { it - 3 }
def curried = { x, y, z -> x + y * z }.curry(1).rcurry(3)
def memo = { n -> n < 2 ? n : n * 2 }.memoize()
def words = 'the quick brown fox jumps over the lazy dog'.split(' ').toList()
def log = []
Words.task(log).run()
println([single, double_, triple, tripleG, slashy, dollar, found, matches, replaced, chars, c, padded])
println([Words.longest(words, 3), Words.histogram(words), Words.joined(words[0..2]), Words.total([1, 2, 3])])
println([composed(5), curried(2), memo(9), log, String.format('%05d|%-4s|%.3f', 42, 'ab', 1.5d)])
`,
  // 6: type checking in depth: flow typing, instanceof, generics inference, closures with parameter hints
  `package warmup.checked

import groovy.transform.CompileStatic
import groovy.transform.TypeChecked
import groovy.transform.stc.ClosureParams
import groovy.transform.stc.SimpleType
import groovy.transform.stc.FirstParam

@CompileStatic
class Inventory {
    private final Map<String, Integer> stock = new LinkedHashMap<>()

    void put(String item, int n) { stock[item] = (stock[item] ?: 0) + n }

    int count(String item) { stock.getOrDefault(item, 0) }

    List<String> lowStock(int below) {
        stock.findAll { String k, Integer v -> v < below }.keySet().toList().sort()
    }

    void eachItem(@ClosureParams(value = SimpleType, options = ['java.lang.String', 'int']) Closure<?> body) {
        stock.each { String k, Integer v -> body.call(k, v) }
    }

    static <T> T firstOr(List<T> xs, @ClosureParams(FirstParam.FirstGenericType) Closure<Boolean> test, T fallback) {
        for (T x : xs) { if (test.call(x)) return x }
        fallback
    }

    static String kind(Object o) {
        if (o instanceof String) return 'string:' + o.toUpperCase()
        if (o instanceof List) return 'list:' + o.size()
        if (o instanceof Map) return 'map:' + o.keySet().size()
        if (o instanceof Number && o.intValue() > 3) return 'big number'
        'other'
    }

    static long fib(int n) {
        long a = 0L, b = 1L
        for (int i = 0; i < n; i++) { long t = a + b; a = b; b = t }
        a
    }

    static double average(int[] values) {
        if (values.length == 0) return 0.0d
        int sum = 0
        for (int v : values) sum += v
        (double) sum / values.length
    }
}

@TypeChecked
def report(Inventory inv) {
    def lines = new ArrayList<String>()
    inv.eachItem { String item, int n -> lines.add("$item=$n".toString()) }
    Optional<String> first = Optional.ofNullable(inv.lowStock(5).find()).map { String s -> s.reverse() }
    lines.add(first.orElse('-'))
    lines
}

def inv = new Inventory()
inv.put('apple', 3); inv.put('pear', 9); inv.put('apple', 1)
println report(inv)
println([Inventory.firstOr([1, 5, 9], { Integer x -> x > 4 }, 0), Inventory.kind('abc'), Inventory.kind([1, 2]), Inventory.kind(7)])
println([Inventory.fib(40), Inventory.average([1, 2, 4] as int[]), inv.count('apple')])
`,
  // 7: a script-style file: top-level methods, builders, metaprogramming-facing syntax, arrays, casts, asserts
  `import groovy.transform.Field
import groovy.json.JsonOutput
import java.time.LocalDate
import static java.lang.Math.max
import static java.util.Collections.unmodifiableList

@Field final List<String> AUDIT = []

void audit(String what, Object... args) {
    AUDIT << (what + ': ' + args.collect { it?.toString() ?: 'null' }.join(', '))
}

int[] squares(int n) {
    int[] out = new int[n]
    for (i in 0..<n) out[i] = i * i
    out
}

def config = [
    name   : 'demo',
    version: [major: 1, minor: 2],
    dates  : [LocalDate.of(2024, 1, 31), LocalDate.parse('2025-06-01')],
    flags  : [debug: true, verbose: false],
]
def json = JsonOutput.toJson([name: config.name, major: config.version.major])
def nested = config.version?.minor
def missing = config.nothing?.deeper?.value
def safeIndex = config.dates?.getAt(1)?.plusDays(1)
def asList = unmodifiableList([3, 1, 2])
def matrix = [[1, 2], [3, 4]].transpose().collect { row -> row.sum() }
def typed = (Number) 3.5d
def arr = squares(5)
String[] strings = ['x', 'y'] as String[]
def set = [1, 2, 2, 3] as Set
def sortedDesc = [5, 3, 9].sort(false) { a, b -> b <=> a }
def obj = new Expando(name: 'e', hello: { -> 'hi ' + name })
audit('start', config.name, max(3, 7), null)
assert arr[4] == 16 : 'squares are wrong'
assert missing == null
def multi = """\${config.flags.findAll { it.value }.keySet()}"""
def result = switch (arr.length) {
    case 0 -> 'empty'
    case 1, 2 -> 'few'
    default -> {
        def label = 'many'
        label + arr.length
    }
}
def lambda = (int x, int y) -> x + y
println([json, nested, safeIndex, asList, matrix, typed, strings.length, set, sortedDesc, obj.hello(), multi, result, lambda(2, 3), AUDIT])
`,
];
