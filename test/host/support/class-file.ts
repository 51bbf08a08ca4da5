/**
 * Writes a minimal, valid class file for tests that need a real classpath jar without a JDK (the runtime tests run
 * with no java on PATH): a public interface with abstract methods, which need no bytecode.
 */
export function interfaceClassFile(internalName: string, methods: { name: string; descriptor: string }[]): Uint8Array {
  const out: number[] = [];
  const u1 = (v: number): void => void out.push(v & 0xff);
  const u2 = (v: number): void => {
    u1(v >> 8);
    u1(v);
  };
  const pool: number[][] = [];
  const utf8 = (s: string): number => {
    const bytes = [...new TextEncoder().encode(s)];
    pool.push([1, bytes.length >> 8, bytes.length & 0xff, ...bytes]);
    return pool.length;
  };
  const cls = (name: string): number => {
    const n = utf8(name);
    pool.push([7, n >> 8, n & 0xff]);
    return pool.length;
  };
  const thisClass = cls(internalName);
  const superClass = cls("java/lang/Object");
  const methodRefs = methods.map((m) => [utf8(m.name), utf8(m.descriptor)] as const);
  [0xca, 0xfe, 0xba, 0xbe].forEach(u1);
  u2(0);
  u2(52);
  u2(pool.length + 1);
  for (const entry of pool) entry.forEach(u1);
  u2(0x0601); // public interface abstract
  u2(thisClass);
  u2(superClass);
  u2(0); // interfaces
  u2(0); // fields
  u2(methodRefs.length);
  for (const [name, descriptor] of methodRefs) {
    u2(0x0401); // public abstract
    u2(name);
    u2(descriptor);
    u2(0); // attributes
  }
  u2(0); // class attributes
  return Uint8Array.from(out);
}
