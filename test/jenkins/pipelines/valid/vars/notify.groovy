// An ordinary global variable: no pipeline block, so nothing Declarative to check.
def call(String message) {
    echo "[notify] ${message}"
}
