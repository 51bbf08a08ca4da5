/**
 * Node's WebAssembly global, declared only as far as the host thread uses it (module-precompile.ts): the Node build's
 * lib (ES2023) has no WebAssembly, and lib.dom would bring the browser's globals into Node code. The engine core is
 * checked against lib.webworker, which has the full declarations.
 */
declare namespace WebAssembly {
  class Module {
    private constructor();
  }
  function compile(bytes: Uint8Array, options?: object): Promise<Module>;
}
