package io.groovymcp.engine.oracle;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * Writes the JVM class path of the oracle tools (this module's jar first, then its dependencies) to one file, so
 * bench and debugging scripts can run {@code BenchMain} or {@code ReplayMain} with {@code java -cp $(cat file)}.
 * Usage: {@code ClasspathFile <outFile> <ownJar> <dependencyClassPath>}.
 */
public final class ClasspathFile {
    private ClasspathFile() {
    }

    public static void main(String[] args) throws IOException {
        String cp = args[1] + (args.length > 2 && !args[2].isEmpty() ? java.io.File.pathSeparator + args[2] : "");
        Files.write(Paths.get(args[0]), (cp + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
