import type { SharedSession } from "./share.js";

export interface Example {
  readonly id: string;
  readonly title: string;
  readonly session: SharedSession;
}

const script = `// A Groovy script: hover a name to see the type the compiler inferred.
import groovy.transform.Field

@Field List<String> names = ['Ada', 'Grace', 'Barbara']

def greet(String name, String greeting = 'Hello') {
    "\${greeting}, \${name}!"
}

def lengths = names.collectEntries { [it, it.size()] }
names.findAll { it.startsWith('G') }
     .each { println greet(it) }

def total = lengths.values().sum()
println "Total letters: $total"
`;

const compileStatic = `import groovy.transform.CompileStatic

// @CompileStatic checks types the way Java does: the last method has a type error.
@CompileStatic
class Invoice {
    String customer
    List<BigDecimal> lines = []

    BigDecimal total() {
        lines.inject(BigDecimal.ZERO) { BigDecimal sum, BigDecimal line -> sum + line }
    }

    String summary() {
        def count = lines.size()
        "\${customer}: \${count} lines, total \${total()}"
    }

    int rounded() {
        String t = total()
        return t
    }
}
`;

const compileStaticUse = `// This tab compiles together with Invoice.groovy: the class resolves across tabs.
def invoice = new Invoice(customer: 'ACME')
invoice.lines << 12.5G << 7.25G
println invoice.summary()
`;

const jenkinsfile = `// A declarative Jenkinsfile: pipeline steps are method calls taking closures. The engine checks it as
// Jenkins's Declarative validator would: the misspelt post condition below is reported, as Jenkins would refuse it.
pipeline {
    agent any
    options {
        timeout(time: 30, unit: 'MINUTES')
    }
    environment {
        APP = 'inventory'
    }
    stages {
        stage('Build') {
            steps {
                sh './gradlew assemble'
            }
        }
        stage('Test') {
            steps {
                sh './gradlew check'
                junit 'build/test-results/**/*.xml'
            }
        }
        stage('Deploy') {
            when { branch 'main' }
            steps {
                echo "Deploying \${env.APP}"
            }
        }
    }
    post {
        failure { echo 'The build failed' }
        sucess { echo 'All green' }
    }
}
`;

const spock = `// A Spock-style specification. Spock's own classes are not in the playground's class model, so this
// spec keeps Spock's shape (given/when/then blocks, a where table) on a plain base class.
class Stack<T> {
    private final List<T> items = []
    void push(T item) { items << item }
    T pop() { items.removeLast() }
    boolean isEmpty() { items.isEmpty() }
    int size() { items.size() }
}

abstract class Specification {}

class StackSpec extends Specification {
    def "push then pop returns the last element"() {
        given:
        def stack = new Stack<String>()

        when:
        stack.push('a')
        stack.push('b')

        then:
        stack.pop() == 'b'
        stack.size() == 1
    }

    def "size counts every push"() {
        expect:
        def stack = new Stack<Integer>()
        (1..n).each { stack.push(it) }
        stack.size() == n

        where:
        n << [1, 2, 5]
    }
}
`;

const gradle = `// A Gradle build script (Groovy DSL): a chain of method calls with closures.
plugins {
    id 'java'
    id 'application'
}

group = 'org.example'
version = '1.0.0'

repositories {
    mavenCentral()
}

dependencies {
    implementation 'org.apache.groovy:groovy:5.0.8'
    testImplementation 'org.junit.jupiter:junit-jupiter:5.11.0'
}

application {
    mainClass = 'org.example.App'
}

tasks.named('test') {
    useJUnitPlatform()
}
`;

const sampler = `import groovy.transform.CompileStatic

// Traits, records and enums, checked statically.
trait Named {
    abstract String getName()
    String greeting() { "Hello, \${name}" }
}

enum Planet {
    MERCURY(3.303e+23d, 2.4397e6d), EARTH(5.976e+24d, 6.37814e6d)

    final double mass
    final double radius

    Planet(double mass, double radius) {
        this.mass = mass
        this.radius = radius
    }

    double surfaceGravity() { 6.67300E-11d * mass / (radius * radius) }
}

record Point(int x, int y) {
    Point plus(Point other) { new Point(x + other.x(), y + other.y()) }
}

@CompileStatic
class Explorer implements Named {
    String name
    Planet home = Planet.EARTH
    Point position = new Point(0, 0)

    void move(int dx, int dy) {
        position = position + new Point(dx, dy)
    }
}

def e = new Explorer(name: 'Vera')
e.move(2, 3)
println "\${e.greeting()} from \${e.home} at \${e.position}"
`;

export const EXAMPLES: readonly Example[] = [
  { id: "script", title: "A script", session: { tabs: [{ name: "Script.groovy", text: script }], active: 0 } },
  {
    id: "compile-static",
    title: "@CompileStatic with a type error",
    session: { tabs: [{ name: "Invoice.groovy", text: compileStatic }, { name: "Main.groovy", text: compileStaticUse }], active: 0 },
  },
  { id: "jenkinsfile", title: "Declarative Jenkinsfile", session: { tabs: [{ name: "Jenkinsfile", text: jenkinsfile }], active: 0 } },
  { id: "spock", title: "Spock-style specification", session: { tabs: [{ name: "StackSpec.groovy", text: spock }], active: 0 } },
  { id: "gradle", title: "Gradle build script", session: { tabs: [{ name: "build.gradle", text: gradle }], active: 0 } },
  { id: "sampler", title: "Trait, record and enum", session: { tabs: [{ name: "Sampler.groovy", text: sampler }], active: 0 } },
];
