import { describe, expect, it } from "vitest";
import { ErrorCode, parseMessage } from "../../src/mcp/protocol/json-rpc.js";

/** JSON-RPC classification of one framed line, without a process. */
describe("parseMessage", () => {
  it.each([
    ["{", { kind: "invalid", code: ErrorCode.ParseError, id: null }],
    ['"x"', { kind: "invalid", code: ErrorCode.InvalidRequest, id: null }],
    ["[]", { kind: "invalid", code: ErrorCode.InvalidRequest, id: null }],
    ['[{"jsonrpc":"2.0","id":1,"method":"ping"}]', { kind: "invalid", code: ErrorCode.InvalidRequest, id: null }],
    ["null", { kind: "invalid", code: ErrorCode.InvalidRequest, id: null }],
    ['{"jsonrpc":"1.0","id":3,"method":"ping"}', { kind: "invalid", code: ErrorCode.InvalidRequest, id: 3 }],
    ['{"id":3,"method":"ping"}', { kind: "invalid", code: ErrorCode.InvalidRequest, id: 3 }],
    ['{"jsonrpc":"2.0","id":{},"method":"ping"}', { kind: "invalid", code: ErrorCode.InvalidRequest, id: null }],
    ['{"jsonrpc":"2.0","id":null,"method":"ping"}', { kind: "invalid", code: ErrorCode.InvalidRequest, id: null }],
    ['{"jsonrpc":"2.0","id":4,"method":7}', { kind: "invalid", code: ErrorCode.InvalidRequest, id: 4 }],
    ['{"jsonrpc":"2.0","id":4,"method":""}', { kind: "invalid", code: ErrorCode.InvalidRequest, id: 4 }],
    ['{"jsonrpc":"2.0","id":5,"method":"m","params":3}', { kind: "invalid", code: ErrorCode.InvalidRequest, id: 5 }],
    ['{"jsonrpc":"2.0","id":5,"method":"m","params":null}', { kind: "invalid", code: ErrorCode.InvalidRequest, id: 5 }],
    ['{"jsonrpc":"2.0","id":6}', { kind: "invalid", code: ErrorCode.InvalidRequest, id: 6 }],
    ['{"jsonrpc":"2.0","id":6,"result":{}}', { kind: "response" }],
    ['{"jsonrpc":"2.0","id":6,"error":{"code":1,"message":"x"}}', { kind: "response" }],
    ['{"jsonrpc":"2.0","id":"a","method":"ping"}', { kind: "request", id: "a", method: "ping", params: undefined }],
    ['{"jsonrpc":"2.0","id":7,"method":"m","params":{"x":1}}', { kind: "request", id: 7, method: "m", params: { x: 1 } }],
    ['{"jsonrpc":"2.0","id":7,"method":"m","params":[1]}', { kind: "request", id: 7, method: "m", params: [1] }],
    ['{"jsonrpc":"2.0","method":"notifications/initialized"}', { kind: "notification", method: "notifications/initialized", params: undefined }],
  ])("%s", (line, expected) => {
    expect(parseMessage(line)).toEqual(expected);
  });
});
