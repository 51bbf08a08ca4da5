package groovy.grape;

import java.net.URI;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * TeaVM replacement for Groovy's Grape facade. The engine never resolves or downloads anything, but it must still
 * validate {@code @Grab}, {@code @GrabResolver} and {@code @GrabExclude}: that is GrabAnnotationTransformation's work,
 * which ends by handing the validated coordinates to this class. The original looks up its Ivy engine by name and
 * runs it inside a privileged action, which TeaVM cannot compile (and which would reach the network); here there is
 * never an engine, so every call is the no-op the original makes when no engine is found, and the compiler's own
 * validation errors are unchanged. The public surface is the original's, so any caller links.
 */
public class Grape {
    public static final String AUTO_DOWNLOAD_SETTING = "autoDownload";
    public static final String DISABLE_CHECKSUMS_SETTING = "disableChecksums";
    public static final String SYSTEM_PROPERTIES_SETTING = "systemProperties";

    private static boolean enableGrapes = true;
    private static boolean enableAutoDownload = true;
    private static boolean disableChecksums;

    /** Always null in the engine: no grape engine exists, which callers already treat as "nothing to do". */
    protected static GrapeEngine instance;

    public static boolean getEnableGrapes() {
        return enableGrapes;
    }

    public static void setEnableGrapes(boolean enableGrapes) {
        Grape.enableGrapes = enableGrapes;
    }

    public static boolean getEnableAutoDownload() {
        return enableAutoDownload;
    }

    public static void setEnableAutoDownload(boolean enableAutoDownload) {
        Grape.enableAutoDownload = enableAutoDownload;
    }

    public static boolean getDisableChecksums() {
        return disableChecksums;
    }

    public static void setDisableChecksums(boolean disableChecksums) {
        Grape.disableChecksums = disableChecksums;
    }

    public static GrapeEngine getInstance() {
        return null;
    }

    public static void grab(String endorsed) {
    }

    public static void grab(Map<String, Object> dependency) {
    }

    public static void grab(Map<String, Object> args, Map... dependencies) {
    }

    public static Map<String, Map<String, List<String>>> enumerateGrapes() {
        return Collections.emptyMap();
    }

    public static URI[] resolve(Map<String, Object> args, Map... dependencies) {
        return new URI[0];
    }

    public static URI[] resolve(Map<String, Object> args, List depsInfo, Map... dependencies) {
        return new URI[0];
    }

    public static Map[] listDependencies(ClassLoader cl) {
        return new Map[0];
    }

    public static void addResolver(Map<String, Object> args) {
    }
}
