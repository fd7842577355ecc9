package satin.hazards;

import java.util.ArrayList;
import java.util.List;
import satin.SatinObject;
import satin.Spawnable;

/**
 * Spawns and their sync inside a switch-expression arm while the enclosing expression holds
 * values on the operand stack: an addition, a multiplication, a call's earlier arguments, a
 * string concatenation, an array store, a field store, a constructor's arguments, a ternary,
 * a nested switch. The rewritten sync keeps those values aside while it runs (decision 0041).
 */
public class StackUnderSync extends SatinObject {

    private long field;

    @Spawnable
    public long f(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("f(" + n + ")");
        }
        return n < 2 ? n : n * 3L + 1;
    }

    public long caseAddition() {
        return plus(7, 0) + plus(7, 1);
    }

    private long plus(int n, int k) {
        long t = n + switch (k) {
            case 0 -> {
                long a = f(n - 1);
                long b = f(n - 2);
                sync();
                yield a + b;
            }
            default -> 0L;
        };
        return t;
    }

    public long caseMultiplication() {
        int n = 5;
        return 10 * switch (n % 3) {
            case 2 -> {
                long a = f(n);
                sync();
                yield a;
            }
            default -> 1L;
        };
    }

    public List<Long> caseArgumentOfACall() {
        List<Long> list = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            list.add(switch (k) {
                case 1 -> {
                    long a = f(4);
                    long b = f(6);
                    sync();
                    yield a * b;
                }
                default -> (long) k;
            });
        }
        return list;
    }

    public String caseStringConcatenation() {
        int k = 1;
        return "k=" + k + " v=" + switch (k) {
            case 1 -> {
                long a = f(9);
                long b = f(3);
                sync();
                yield a - b;
            }
            default -> -1L;
        } + ".";
    }

    public String caseArrayStore() {
        long[] r = new long[3];
        for (int i = 0; i < r.length; i++) {
            r[i] = switch (i) {
                case 0 -> 5L;
                default -> {
                    long a = f(i + 10);
                    sync();
                    yield a;
                }
            };
        }
        return java.util.Arrays.toString(r);
    }

    public long caseFieldStore() {
        this.field = switch ((int) (field & 1)) {
            case 0 -> {
                long a = f(11);
                long b = f(12);
                sync();
                yield a + b;
            }
            default -> 0L;
        };
        return field;
    }

    public String caseConstructorArgument() {
        return new StringBuilder("x").append(1).toString() + new Pair(3, switch (3) {
            case 3 -> {
                long a = f(5);
                sync();
                yield a;
            }
            default -> 0L;
        });
    }

    public long caseTernaryAndNestedSwitch() {
        int n = 4;
        return n + (n > 2 ? 100 + switch (n) {
            case 4 -> {
                long a = f(n);
                long b = 1 + switch (n - 1) {
                    case 3 -> {
                        long c = f(n + 1);
                        sync();
                        yield c;
                    }
                    default -> 0L;
                };
                sync();
                yield a + b;
            }
            default -> 0L;
        } : 0);
    }

    public String caseFailureInsideTheArm() {
        try {
            return "t=" + (3 + switch (1) {
                case 1 -> {
                    long a = f(2);
                    long b = f(-1);
                    sync();
                    yield a + b;
                }
                default -> 0L;
            });
        } catch (IllegalArgumentException e) {
            return "caught " + e.getMessage();
        }
    }

    /** The static sync, with a try of the program inside the arm around spawn and sync. */
    public static long caseStaticSyncAndATryInTheArm() {
        StackUnderSync s = new StackUnderSync();
        long[] r = new long[2];
        for (int k = 0; k < 2; k++) {
            r[k] = switch (k) {
                case 1 -> {
                    long a;
                    try {
                        a = s.f(k - 2);
                        satin.Satin.sync();
                    } catch (IllegalArgumentException e) {
                        a = -7L;
                    }
                    yield a;
                }
                default -> {
                    long a = s.f(8);
                    satin.Satin.sync();
                    yield a;
                }
            };
        }
        return r[0] * 31 + r[1];
    }

    /** A value built by the expression, to show the constructor's arguments arrive whole. */
    public record Pair(int left, long right) {
    }
}
