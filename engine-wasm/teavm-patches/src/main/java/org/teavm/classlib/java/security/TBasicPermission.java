package org.teavm.classlib.java.security;

/** java.security.BasicPermission: name-only permissions, implied by equal names or a trailing wildcard. */
public abstract class TBasicPermission extends TPermission {
    public TBasicPermission(String name) {
        super(name);
    }

    public TBasicPermission(String name, String actions) {
        super(name);
    }

    @Override
    public boolean implies(TPermission p) {
        if (p == null || p.getClass() != getClass()) {
            return false;
        }
        String mine = getName();
        return mine.equals(p.getName()) || mine.equals("*")
                || (mine.endsWith(".*") && p.getName().startsWith(mine.substring(0, mine.length() - 1)));
    }

    @Override
    public String getActions() {
        return "";
    }
}
