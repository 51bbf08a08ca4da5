package bench.large

import groovy.transform.CompileStatic
import groovy.transform.EqualsAndHashCode
import groovy.transform.ToString
import groovy.transform.TypeChecked
import groovy.transform.Immutable

import java.time.Duration
import java.time.LocalDate
import java.time.LocalDateTime
import java.time.format.DateTimeFormatter
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicLong
import java.util.function.Function
import java.util.function.Predicate
import java.util.stream.Collectors

// ---------------------------------------------------------------------------
// Domain model
// ---------------------------------------------------------------------------

enum Category {
    BOOKS('B', 0.05),
    ELECTRONICS('E', 0.20),
    GROCERIES('G', 0.0),
    TOYS('T', 0.10),
    CLOTHING('C', 0.12)

    final String code
    final BigDecimal taxRate

    Category(String code, double taxRate) {
        this.code = code
        this.taxRate = BigDecimal.valueOf(taxRate)
    }

    static Category fromCode(String code) {
        Category found = values().find { it.code == code }
        if (found == null) {
            throw new IllegalArgumentException("Unknown category code: $code")
        }
        found
    }
}

enum OrderStatus {
    NEW, PAID, SHIPPED, DELIVERED, CANCELLED

    boolean isTerminal() {
        this == DELIVERED || this == CANCELLED
    }

    Set<OrderStatus> allowedNext() {
        switch (this) {
            case NEW: return [PAID, CANCELLED] as Set
            case PAID: return [SHIPPED, CANCELLED] as Set
            case SHIPPED: return [DELIVERED] as Set
            default: return [] as Set
        }
    }
}

@Immutable
class Sku {
    String value

    static Sku of(String raw) {
        if (!(raw ==~ /[A-Z]-\d{4}/)) {
            throw new IllegalArgumentException("Bad SKU: $raw")
        }
        new Sku(raw)
    }

    Category getCategory() {
        Category.fromCode(value[0])
    }

    String toString() { value }
}

@CompileStatic
@EqualsAndHashCode(includes = ['sku'])
@ToString(includeNames = true, includePackage = false)
class Product {
    Sku sku
    String name
    BigDecimal price
    int weightGrams
    Set<String> tags = new LinkedHashSet<>()

    BigDecimal priceWithTax() {
        price + price * sku.category.taxRate
    }

    boolean hasTag(String tag) {
        tags.contains(tag.toLowerCase())
    }

    Product tag(String... newTags) {
        for (String t : newTags) {
            tags.add(t.toLowerCase())
        }
        this
    }
}

@CompileStatic
@ToString(includeNames = true, includePackage = false)
class OrderLine {
    Product product
    int quantity

    BigDecimal subtotal() {
        product.priceWithTax() * quantity
    }

    int totalWeight() {
        product.weightGrams * quantity
    }
}

@CompileStatic
class Customer {
    final long id
    final String name
    final String email
    final LocalDate since
    int loyaltyPoints

    Customer(long id, String name, String email, LocalDate since) {
        this.id = id
        this.name = name
        this.email = email
        this.since = since
    }

    int yearsAsCustomer(LocalDate today) {
        today.year - since.year
    }

    String getDisplayName() {
        "${name} <${email}>".toString()
    }
}

@CompileStatic
class Order {
    private static final AtomicLong SEQUENCE = new AtomicLong(1000)

    final long id = SEQUENCE.incrementAndGet()
    final Customer customer
    final LocalDateTime createdAt
    private final List<OrderLine> lines = []
    private OrderStatus status = OrderStatus.NEW
    private final List<String> history = []

    Order(Customer customer, LocalDateTime createdAt) {
        this.customer = customer
        this.createdAt = createdAt
        history.add("created ${createdAt}".toString())
    }

    OrderStatus getStatus() { status }

    List<OrderLine> getLines() { Collections.unmodifiableList(lines) }

    List<String> getHistory() { Collections.unmodifiableList(history) }

    Order add(Product p, int qty = 1) {
        if (status != OrderStatus.NEW) {
            throw new IllegalStateException("Order $id is not editable in status $status")
        }
        OrderLine existing = lines.find { OrderLine l -> l.product == p }
        if (existing != null) {
            existing.quantity += qty
        } else {
            lines.add(new OrderLine(product: p, quantity: qty))
        }
        this
    }

    void transition(OrderStatus next) {
        if (!status.allowedNext().contains(next)) {
            throw new IllegalStateException("Cannot move order $id from $status to $next")
        }
        history.add("${status} -> ${next}".toString())
        status = next
    }

    BigDecimal total() {
        lines.inject(BigDecimal.ZERO) { BigDecimal acc, OrderLine l -> acc + l.subtotal() }
    }

    int weight() {
        (int) lines.sum(0) { OrderLine l -> l.totalWeight() }
    }

    boolean contains(Category c) {
        lines.any { OrderLine l -> l.product.sku.category == c }
    }
}

// ---------------------------------------------------------------------------
// Repositories and services
// ---------------------------------------------------------------------------

interface Repository<K, V> {
    V find(K key)
    Collection<V> all()
    void save(K key, V value)
    boolean remove(K key)

    default int count() { all().size() }

    default List<V> where(Predicate<V> p) {
        all().stream().filter(p).collect(Collectors.toList())
    }
}

@CompileStatic
class InMemoryRepository<K, V> implements Repository<K, V> {
    protected final Map<K, V> store = new ConcurrentHashMap<K, V>()

    V find(K key) { store.get(key) }

    Collection<V> all() { store.values() }

    void save(K key, V value) { store.put(key, value) }

    boolean remove(K key) { store.remove(key) != null }
}

@CompileStatic
class ProductCatalog extends InMemoryRepository<Sku, Product> {

    void register(Product p) {
        save(p.sku, p)
    }

    List<Product> byCategory(Category c) {
        where { Product p -> p.sku.category == c }.sort { Product p -> p.name }
    }

    List<Product> search(String text) {
        String needle = text.toLowerCase()
        all().findAll { Product p ->
            p.name.toLowerCase().contains(needle) || p.tags.any { String t -> t.contains(needle) }
        }.toList()
    }

    Map<Category, BigDecimal> averagePriceByCategory() {
        Map<Category, List<Product>> grouped = all().groupBy { Product p -> p.sku.category }
        Map<Category, BigDecimal> result = new TreeMap<Category, BigDecimal>()
        grouped.each { Category c, List<Product> ps ->
            BigDecimal sum = ps.inject(BigDecimal.ZERO) { BigDecimal a, Product p -> a + p.price }
            result.put(c, sum.divide(BigDecimal.valueOf(ps.size()), 2, java.math.RoundingMode.HALF_UP))
        }
        result
    }

    Product cheapest(Category c) {
        byCategory(c).min { Product p -> p.price }
    }
}

@CompileStatic
class CustomerDirectory extends InMemoryRepository<Long, Customer> {
    private final AtomicLong ids = new AtomicLong()

    Customer create(String name, String email, LocalDate since) {
        Customer c = new Customer(ids.incrementAndGet(), name, email, since)
        save(c.id, c)
        c
    }

    Customer byEmail(String email) {
        all().find { Customer c -> c.email.equalsIgnoreCase(email) }
    }

    List<Customer> loyal(int minPoints) {
        where { Customer c -> c.loyaltyPoints >= minPoints }
    }
}

@CompileStatic
class PricingRule {
    final String name
    final Predicate<Order> applies
    final Function<Order, BigDecimal> discount

    PricingRule(String name, Predicate<Order> applies, Function<Order, BigDecimal> discount) {
        this.name = name
        this.applies = applies
        this.discount = discount
    }

    BigDecimal discountFor(Order o) {
        applies.test(o) ? discount.apply(o) : BigDecimal.ZERO
    }
}

@CompileStatic
class PricingEngine {
    private final List<PricingRule> rules = []

    PricingEngine rule(String name, Predicate<Order> applies, Function<Order, BigDecimal> discount) {
        rules.add(new PricingRule(name, applies, discount))
        this
    }

    Map<String, BigDecimal> explain(Order o) {
        Map<String, BigDecimal> out = new LinkedHashMap<>()
        for (PricingRule r : rules) {
            BigDecimal d = r.discountFor(o)
            if (d > BigDecimal.ZERO) {
                out.put(r.name, d)
            }
        }
        out
    }

    BigDecimal finalPrice(Order o) {
        BigDecimal total = o.total()
        BigDecimal discounts = explain(o).values().inject(BigDecimal.ZERO) { BigDecimal a, BigDecimal b -> a + b }
        BigDecimal result = total - discounts
        result < BigDecimal.ZERO ? BigDecimal.ZERO : result
    }

    static PricingEngine standard() {
        new PricingEngine()
            .rule('bulk', { Order o -> o.lines.sum(0) { OrderLine l -> l.quantity } as int >= 10 } as Predicate<Order>,
                  { Order o -> o.total() * 0.05 } as Function<Order, BigDecimal>)
            .rule('loyalty', { Order o -> o.customer.loyaltyPoints > 500 } as Predicate<Order>,
                  { Order o -> BigDecimal.TEN } as Function<Order, BigDecimal>)
            .rule('books-bundle', { Order o -> o.contains(Category.BOOKS) && o.lines.size() >= 3 } as Predicate<Order>,
                  { Order o -> new BigDecimal('4.99') } as Function<Order, BigDecimal>)
    }
}

@CompileStatic
class ShippingCalculator {
    static final int FREE_THRESHOLD_CENTS = 5000

    BigDecimal cost(Order o, String country) {
        if (o.total() * 100 >= FREE_THRESHOLD_CENTS) {
            return BigDecimal.ZERO
        }
        int grams = o.weight()
        BigDecimal base = country == 'DE' ? new BigDecimal('4.90') : new BigDecimal('12.50')
        BigDecimal perKg = country == 'DE' ? new BigDecimal('0.80') : new BigDecimal('2.10')
        base + perKg * Math.ceil(grams / 1000.0d)
    }

    Duration estimate(String country, boolean express) {
        int days = country == 'DE' ? 2 : 6
        if (express) {
            days = Math.max(1, days.intdiv(2))
        }
        Duration.ofDays(days)
    }
}

@CompileStatic
class OrderService {
    private final ProductCatalog catalog
    private final CustomerDirectory customers
    private final PricingEngine pricing
    private final ShippingCalculator shipping
    private final Map<Long, Order> orders = new LinkedHashMap<>()
    private final List<Closure> listeners = []

    OrderService(ProductCatalog catalog, CustomerDirectory customers, PricingEngine pricing, ShippingCalculator shipping) {
        this.catalog = catalog
        this.customers = customers
        this.pricing = pricing
        this.shipping = shipping
    }

    void onEvent(Closure listener) {
        listeners.add(listener)
    }

    private void fire(String event, Order o) {
        listeners.each { Closure l -> l.call(event, o) }
    }

    Order place(long customerId, Map<String, Integer> skuQuantities, LocalDateTime at) {
        Customer c = customers.find(customerId)
        if (c == null) {
            throw new NoSuchElementException("No customer $customerId")
        }
        Order o = new Order(c, at)
        skuQuantities.each { String raw, Integer qty ->
            Product p = catalog.find(Sku.of(raw))
            if (p == null) {
                throw new NoSuchElementException("No product $raw")
            }
            o.add(p, qty)
        }
        orders.put(o.id, o)
        fire('placed', o)
        o
    }

    BigDecimal checkout(long orderId, String country) {
        Order o = orders.get(orderId)
        BigDecimal price = pricing.finalPrice(o) + shipping.cost(o, country)
        o.transition(OrderStatus.PAID)
        o.customer.loyaltyPoints += price.intValue()
        fire('paid', o)
        price
    }

    void ship(long orderId) {
        Order o = orders.get(orderId)
        o.transition(OrderStatus.SHIPPED)
        fire('shipped', o)
    }

    void cancel(long orderId) {
        Order o = orders.get(orderId)
        o.transition(OrderStatus.CANCELLED)
        fire('cancelled', o)
    }

    List<Order> byStatus(OrderStatus s) {
        orders.values().findAll { Order o -> o.status == s }.toList()
    }

    Map<OrderStatus, Integer> statusCounts() {
        Map<OrderStatus, Integer> counts = new EnumMap<OrderStatus, Integer>(OrderStatus)
        orders.values().each { Order o ->
            counts.put(o.status, (counts.get(o.status) ?: 0) + 1)
        }
        counts
    }

    Collection<Order> all() { orders.values() }
}

// ---------------------------------------------------------------------------
// Dynamic helpers: reporting, a tiny JSON writer, a DSL
// ---------------------------------------------------------------------------

class JsonWriter {
    private final StringBuilder out = new StringBuilder()
    private final String indentUnit
    private int depth = 0

    JsonWriter(String indentUnit = '  ') {
        this.indentUnit = indentUnit
    }

    static String write(value, boolean pretty = false) {
        def w = new JsonWriter(pretty ? '  ' : '')
        w.value(value)
        w.out.toString()
    }

    private void newline() {
        if (indentUnit) {
            out << '\n' << (indentUnit * depth)
        }
    }

    void value(v) {
        switch (v) {
            case null:
                out << 'null'
                break
            case Boolean:
            case Number:
                out << v.toString()
                break
            case Enum:
                string(v.name())
                break
            case CharSequence:
                string(v.toString())
                break
            case Map:
                object(v as Map)
                break
            case Collection:
            case Object[]:
                array(v as List)
                break
            default:
                object(v.properties.findAll { k, x -> k != 'class' })
        }
    }

    private void string(String s) {
        out << '"'
        s.each { String ch ->
            switch (ch) {
                case '"': out << '\\"'; break
                case '\\': out << '\\\\'; break
                case '\n': out << '\\n'; break
                case '\t': out << '\\t'; break
                default:
                    if (ch.charAt(0) < (char) 0x20) {
                        out << String.format('\\u%04x', (int) ch.charAt(0))
                    } else {
                        out << ch
                    }
            }
        }
        out << '"'
    }

    private void object(Map m) {
        out << '{'
        depth++
        m.eachWithIndex { k, v, i ->
            if (i > 0) out << ','
            newline()
            string(k.toString())
            out << (indentUnit ? ': ' : ':')
            value(v)
        }
        depth--
        if (m) newline()
        out << '}'
    }

    private void array(List l) {
        out << '['
        depth++
        l.eachWithIndex { v, i ->
            if (i > 0) out << ','
            newline()
            value(v)
        }
        depth--
        if (l) newline()
        out << ']'
    }
}

class ReportBuilder {
    private final List<Map> sections = []
    private Map current

    def section(String title, Closure body) {
        current = [title: title, rows: [], notes: []]
        body.delegate = this
        body.resolveStrategy = Closure.DELEGATE_FIRST
        body()
        sections << current
        current = null
        this
    }

    def row(Map values) {
        current.rows << values
    }

    def note(String text) {
        current.notes << text
    }

    def methodMissing(String name, args) {
        if (current != null && args.size() == 1) {
            current.rows << [(name): args[0]]
            return args[0]
        }
        throw new MissingMethodException(name, ReportBuilder, args as Object[])
    }

    String renderText() {
        def sb = new StringBuilder()
        sections.each { s ->
            sb << "== ${s.title} ==\n"
            s.rows.each { r ->
                sb << r.collect { k, v -> "${k}: ${v}" }.join(', ') << '\n'
            }
            s.notes.each { n -> sb << "  * ${n}\n" }
        }
        sb.toString()
    }

    String renderJson() {
        JsonWriter.write(sections, true)
    }

    static String build(@DelegatesTo(ReportBuilder) Closure spec) {
        def b = new ReportBuilder()
        spec.delegate = b
        spec.resolveStrategy = Closure.DELEGATE_FIRST
        spec()
        b.renderText()
    }
}

class Config {
    private final Map data = [:]

    def propertyMissing(String name) {
        if (!data.containsKey(name)) {
            data[name] = new Config()
        }
        data[name]
    }

    def propertyMissing(String name, value) {
        data[name] = value
    }

    Map flatten(String prefix = '') {
        def result = [:]
        data.each { k, v ->
            def key = prefix ? "${prefix}.${k}" : k
            if (v instanceof Config) {
                result.putAll(v.flatten(key.toString()))
            } else {
                result[key.toString()] = v
            }
        }
        result
    }

    static Config parse(String text) {
        def cfg = new Config()
        text.readLines()*.trim().findAll { it && !it.startsWith('#') }.each { line ->
            def (String path, String raw) = line.split('=', 2)*.trim()
            def target = cfg
            def parts = path.tokenize('.')
            parts[0..<-1].each { p -> target = target."$p" }
            def value = raw.isInteger() ? raw.toInteger() :
                        raw in ['true', 'false'] ? raw.toBoolean() :
                        raw.replaceAll(/^"|"$/, '')
            target."${parts[-1]}" = value
        }
        cfg
    }
}

class Csv {
    static List<Map<String, String>> parse(String text, String sep = ',') {
        def lines = text.readLines().findAll { it.trim() }
        if (!lines) return []
        def header = split(lines.head(), sep)
        lines.tail().collect { line ->
            def cells = split(line, sep)
            [header, cells].transpose().collectEntries { h, c -> [(h): c] }
        }
    }

    private static List<String> split(String line, String sep) {
        def cells = []
        def cur = new StringBuilder()
        boolean quoted = false
        line.each { ch ->
            if (ch == '"') {
                quoted = !quoted
            } else if (ch == sep && !quoted) {
                cells << cur.toString()
                cur.setLength(0)
            } else {
                cur << ch
            }
        }
        cells << cur.toString()
        cells
    }
}

// ---------------------------------------------------------------------------
// Generic utilities
// ---------------------------------------------------------------------------

@CompileStatic
class LruCache<K, V> {
    private final int capacity
    private final LinkedHashMap<K, V> map

    LruCache(int capacity) {
        this.capacity = capacity
        this.map = new LinkedHashMap<K, V>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                size() > LruCache.this.capacity
            }
        }
    }

    V get(K key, Closure<V> loader) {
        V v = map.get(key)
        if (v == null) {
            v = loader.call(key)
            map.put(key, v)
        }
        v
    }

    int size() { map.size() }

    List<K> keys() { new ArrayList<K>(map.keySet()) }
}

@CompileStatic
class EventBus {
    private final Map<String, List<Closure>> handlers = [:].withDefault { [] } as Map<String, List<Closure>>
    private final List<String> log = []

    void subscribe(String topic, Closure handler) {
        handlers.get(topic).add(handler)
    }

    int publish(String topic, Object payload) {
        log.add("${topic}:${payload}".toString())
        List<Closure> hs = handlers.get(topic)
        hs.each { Closure h -> h.call(payload) }
        hs.size()
    }

    List<String> getLog() { log }
}

@CompileStatic
class Result<T> {
    final T value
    final String error

    private Result(T value, String error) {
        this.value = value
        this.error = error
    }

    static <T> Result<T> ok(T value) { new Result<T>(value, null) }

    static <T> Result<T> fail(String error) { new Result<T>(null, error) }

    boolean isOk() { error == null }

    public <R> Result<R> map(Function<T, R> fn) {
        ok ? Result.<R>ok(fn.apply(value)) : Result.<R>fail(error)
    }

    public <R> Result<R> flatMap(Function<T, Result<R>> fn) {
        ok ? fn.apply(value) : Result.<R>fail(error)
    }

    T orElse(T fallback) { ok ? value : fallback }

    String toString() { ok ? "Ok(${value})" : "Fail(${error})" }
}

@CompileStatic
class Validators {
    static Result<String> nonEmpty(String s) {
        s?.trim() ? Result.ok(s.trim()) : Result.<String>fail('empty')
    }

    static Result<Integer> number(String s) {
        s.isInteger() ? Result.ok(s.toInteger()) : Result.<Integer>fail("not a number: $s".toString())
    }

    static Result<Integer> positive(Integer n) {
        n > 0 ? Result.ok(n) : Result.<Integer>fail("not positive: $n".toString())
    }

    static Result<Integer> parseQuantity(String raw) {
        nonEmpty(raw).flatMap({ String s -> number(s) } as Function<String, Result<Integer>>)
                     .flatMap({ Integer n -> positive(n) } as Function<Integer, Result<Integer>>)
    }
}

@CompileStatic
class Stats {
    static double mean(Collection<? extends Number> xs) {
        if (xs.isEmpty()) return 0.0d
        double sum = 0
        for (Number n : xs) sum += n.doubleValue()
        sum / xs.size()
    }

    static double median(List<? extends Number> xs) {
        if (xs.isEmpty()) return 0.0d
        List<Double> sorted = xs.collect { Number n -> n.doubleValue() }.sort()
        int mid = sorted.size().intdiv(2)
        sorted.size() % 2 == 0 ? ((sorted[mid - 1] + sorted[mid]) / 2.0d).doubleValue() : sorted[mid].doubleValue()
    }

    static double stddev(Collection<? extends Number> xs) {
        double m = mean(xs)
        double acc = 0
        for (Number n : xs) {
            double d = n.doubleValue() - m
            acc += d * d
        }
        xs.size() > 1 ? Math.sqrt(acc / (xs.size() - 1)) : 0.0d
    }

    static <T> Map<T, Integer> frequencies(Iterable<T> items) {
        Map<T, Integer> out = new LinkedHashMap<T, Integer>()
        for (T t : items) {
            out.put(t, (out.get(t) ?: 0) + 1)
        }
        out
    }

    static <T> List<List<T>> windows(List<T> items, int size) {
        List<List<T>> out = []
        for (int i = 0; i + size <= items.size(); i++) {
            out.add(items.subList(i, i + size))
        }
        out
    }
}

@TypeChecked
class TextTools {
    static String slug(String title) {
        title.toLowerCase()
             .replaceAll(/[^a-z0-9\s-]/, '')
             .trim()
             .replaceAll(/\s+/, '-')
    }

    static String wrap(String text, int width) {
        List<String> lines = []
        StringBuilder line = new StringBuilder()
        text.split(/\s+/).each { String word ->
            if (line.length() + word.length() + 1 > width && line.length() > 0) {
                lines.add(line.toString())
                line.setLength(0)
            }
            if (line.length() > 0) line.append(' ')
            line.append(word)
        }
        if (line.length() > 0) lines.add(line.toString())
        lines.join('\n')
    }

    static String table(List<List<String>> rows) {
        int cols = rows*.size().max() as int
        List<Integer> widths = (0..<cols).collect { int c ->
            rows.collect { List<String> r -> c < r.size() ? r[c].length() : 0 }.max() as Integer
        }
        rows.collect { List<String> r ->
            (0..<cols).collect { int c -> (c < r.size() ? r[c] : '').padRight(widths[c]) }.join(' | ')
        }.join('\n')
    }

    static String caesar(String s, int shift) {
        s.collect { String ch ->
            char c = ch.charAt(0)
            if (Character.isUpperCase(c)) return String.valueOf((char) ((((int) c - 65 + shift) % 26 + 26) % 26 + 65))
            if (Character.isLowerCase(c)) return String.valueOf((char) ((((int) c - 97 + shift) % 26 + 26) % 26 + 97))
            ch
        }.join('')
    }
}

// ---------------------------------------------------------------------------
// Script part: wire everything together and exercise it
// ---------------------------------------------------------------------------

def catalog = new ProductCatalog()
def productData = '''\
sku,name,price,weight,tags
B-0001,"Groovy in Action",49.90,1200,"programming,jvm"
B-0002,"The Pragmatic Programmer",39.00,800,"programming,classic"
B-0003,"Gödel, Escher, Bach",24.50,1500,"math,classic"
E-0101,USB-C Cable,9.99,60,"cable,usb"
E-0102,Mechanical Keyboard,129.00,1100,"keyboard,usb"
G-0201,Coffee Beans,14.20,1000,"coffee,organic"
T-0301,Puzzle 1000 pieces,19.99,900,"puzzle"
C-0401,Rain Jacket,89.00,700,"outdoor"
'''

Csv.parse(productData).each { Map<String, String> row ->
    def p = new Product(
        sku: Sku.of(row.sku),
        name: row.name,
        price: new BigDecimal(row.price),
        weightGrams: row.weight as int
    )
    p.tag(*row.tags.split(','))
    catalog.register(p)
}

assert catalog.count() == 8
assert catalog.byCategory(Category.BOOKS)*.name.first() == 'Groovy in Action'
assert catalog.search('usb').size() == 2
assert catalog.cheapest(Category.ELECTRONICS).sku.value == 'E-0101'

def customers = new CustomerDirectory()
def ada = customers.create('Ada', 'ada@example.org', LocalDate.of(2015, 3, 1))
def bob = customers.create('Bob', 'bob@example.org', LocalDate.of(2022, 7, 9))
ada.loyaltyPoints = 800

def bus = new EventBus()
def service = new OrderService(catalog, customers, PricingEngine.standard(), new ShippingCalculator())
service.onEvent { String event, Order o -> bus.publish(event, o.id) }

def received = []
bus.subscribe('paid') { id -> received << id }

def now = LocalDateTime.of(2024, 5, 1, 12, 0)
def o1 = service.place(ada.id, ['B-0001': 1, 'B-0002': 1, 'B-0003': 1], now)
def o2 = service.place(bob.id, ['E-0101': 12], now.plusHours(1))
def o3 = service.place(bob.id, ['G-0201': 2, 'T-0301': 1], now.plusHours(2))

def price1 = service.checkout(o1.id, 'DE')
def price2 = service.checkout(o2.id, 'FR')
service.ship(o1.id)
service.cancel(o3.id)

assert received == [o1.id, o2.id]
assert service.statusCounts()[OrderStatus.SHIPPED] == 1
assert service.statusCounts()[OrderStatus.CANCELLED] == 1
assert price1 > 0 && price2 > 0

// Dynamic configuration
def cfg = Config.parse('''
# shop configuration
shop.name = "Groovy Goods"
shop.currency = EUR
shipping.free.threshold = 50
shipping.express = true
''')
def flat = cfg.flatten()
assert flat['shop.name'] == 'Groovy Goods'
assert flat['shipping.free.threshold'] == 50
assert flat['shipping.express'] == true

// Validation pipeline
def quantities = ['3', ' 12 ', '', 'x', '-1']
def parsed = quantities.collect { Validators.parseQuantity(it) }
assert parsed.count { it.ok } == 2
assert parsed.findAll { !it.ok }*.error == ['empty', 'not a number: x', 'not positive: -1']

// Stats over orders
def totals = service.all().collect { it.total() }
def summary = [
    mean  : Stats.mean(totals).round(2),
    median: Stats.median(totals).round(2),
    stddev: Stats.stddev(totals).round(2),
]
assert summary.keySet() == ['mean', 'median', 'stddev'] as Set
assert Stats.windows([1, 2, 3, 4], 2) == [[1, 2], [2, 3], [3, 4]]
assert Stats.frequencies('mississippi'.toList()) == [m: 1, i: 4, s: 4, p: 2]

// Caching
def cache = new LruCache<String, Integer>(2)
def loads = 0
def loader = { String k -> loads++; k.size() }
['a', 'bb', 'a', 'ccc', 'bb'].each { cache.get(it, loader) }
assert cache.size() == 2
assert loads == 4

// Reporting
def report = ReportBuilder.build {
    section('Orders') {
        service.all().each { Order o ->
            row(id: o.id, customer: o.customer.name, status: o.status, total: o.total())
        }
        note "generated at ${now.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME)}"
    }
    section('Catalog') {
        catalog.averagePriceByCategory().each { c, avg -> row(category: c, average: avg) }
        products catalog.count()
    }
}
assert report.contains('== Orders ==')
assert report.contains('products: 8')

def json = JsonWriter.write([
    orders : service.all().collect { [id: it.id, status: it.status, lines: it.lines.size()] },
    config : flat,
    text   : 'quote " and\nnewline',
])
assert json.startsWith('{"orders":[')
assert json.contains('\\"') && json.contains('\\n')

// Text tools
assert TextTools.slug('Hello, Groovy World!') == 'hello-groovy-world'
assert TextTools.wrap('the quick brown fox jumps over the lazy dog', 10).readLines().every { it.size() <= 10 }
assert TextTools.caesar(TextTools.caesar('Attack at Dawn', 3), -3) == 'Attack at Dawn'
println TextTools.table([['id', 'status'], *service.all().collect { [it.id.toString(), it.status.name()] }])

// Ranges, spread, safe navigation and elvis
def firstBook = catalog.byCategory(Category.BOOKS)?.getAt(0)
def missing = catalog.find(Sku.of('Z-9999'))
assert firstBook?.name
assert (missing?.name ?: 'n/a') == 'n/a'
def heavy = catalog.all().findAll { it.weightGrams in 1000..2000 }*.sku*.value.sort()
assert heavy == ['B-0001', 'B-0003', 'E-0102', 'G-0201']

def byTag = catalog.all().collectMany { p -> p.tags.collect { t -> [t, p.name] } }
                        .groupBy { it[0] }
                        .collectEntries { t, pairs -> [(t): pairs*.get(1).sort()] }
assert byTag.classic.size() == 2

println "Processed ${service.all().size()} orders; events: ${bus.log.size()}"
println report
