package dev.gmac.gpu.ptx;

/**
 * Opcodes of the executable (lowered) instruction form. Hot instructions get their own opcode with the type
 * folded in (for example {@link #ADD_I32}); the rest share a family opcode ({@link #IALU}, {@link #FALU32},
 * {@link #CVT}, ...) with a sub-operation in {@link Insn#sub}. Sub-operation constants live here too.
 */
public final class Op {
    private Op() {}

    // ---- data movement ----
    public static final int NOP = 0;
    public static final int MOV = 1;
    public static final int MOV_PRED = 2;
    public static final int PRED_SET = 3;
    public static final int MOV_SREG = 4;
    public static final int MOV_LOCAL_ADDR = 5;
    public static final int PACK = 6;
    public static final int UNPACK = 7;

    // ---- hot integer ----
    public static final int ADD_I32 = 10;
    public static final int SUB_I32 = 11;
    public static final int ADD_I64 = 12;
    public static final int SUB_I64 = 13;
    public static final int MUL_LO_I32 = 14;
    public static final int MUL_LO_I64 = 15;
    public static final int MAD_LO_I32 = 16;
    public static final int MAD_LO_I64 = 17;
    public static final int MUL_WIDE_S32 = 18;
    public static final int MUL_WIDE_U32 = 19;
    public static final int SHL_B32 = 20;
    public static final int SHR_U32 = 21;
    public static final int SHR_S32 = 22;
    public static final int SHL_B64 = 23;
    public static final int SHR_U64 = 24;
    public static final int SHR_S64 = 25;
    public static final int AND_B = 26;
    public static final int OR_B = 27;
    public static final int XOR_B = 28;
    public static final int CVT_U64_U32 = 29;
    public static final int CVT_S64_S32 = 30;
    public static final int SETP_S32 = 31;
    public static final int SETP_U32 = 32;
    public static final int SELP = 33;

    // ---- generic families ----
    public static final int IALU = 40;
    public static final int CARRY = 41;
    public static final int PRED_LOGIC = 42;
    public static final int SETP = 43;
    public static final int SET = 44;
    public static final int SLCT = 45;
    public static final int FALU32 = 46;
    public static final int FALU64 = 47;
    public static final int CVT = 48;
    public static final int TESTP = 49;

    // ---- hot float ----
    public static final int ADD_F32 = 50;
    public static final int SUB_F32 = 51;
    public static final int MUL_F32 = 52;
    public static final int FMA_F32 = 53;
    public static final int ADD_F64 = 54;
    public static final int SUB_F64 = 55;
    public static final int MUL_F64 = 56;
    public static final int FMA_F64 = 57;

    // ---- memory ----
    public static final int LD = 60;
    public static final int ST = 61;
    public static final int LD_GLOBAL_32 = 62;
    public static final int ST_GLOBAL_32 = 63;
    public static final int LD_SHARED_32 = 64;
    public static final int ST_SHARED_32 = 65;
    public static final int LD_KPARAM = 66;
    public static final int ATOM = 67;
    public static final int CVTA_TO_GENERIC = 68;
    public static final int CVTA_TO_SPACE = 69;
    public static final int ISSPACEP = 70;
    public static final int LD_GLOBAL_64 = 71;
    public static final int ST_GLOBAL_64 = 72;

    // ---- control and warp-wide ----
    public static final int BRA = 80;
    public static final int CALL = 81;
    public static final int RET_EXIT = 82;
    public static final int EXIT = 83;
    public static final int TRAP = 84;
    public static final int BAR = 85;
    public static final int MEMBAR = 86;
    public static final int VOTE = 87;
    public static final int SHFL = 88;
    public static final int ACTIVEMASK = 89;
    public static final int MATCH = 90;
    /**
     * {@code tx.begin;}: starts a transaction (this project's extension instruction, Fung, "GPU Computing
     * Architecture for Irregular Parallelism", PhD thesis, UBC 2015, §4.2.1); run by the launch's transactional-memory
     * model. No operands.
     */
    public static final int TX_BEGIN = 92;
    /** {@code tx.commit;}: ends the transaction begun by {@link #TX_BEGIN} (thesis §4.2.1). No operands. */
    public static final int TX_COMMIT = 93;
    /**
     * {@code bar.warp.sync membermask}: the lanes of the member mask meet before any continues. {@link Insn#a} is
     * the register base of the mask (an immediate mask is in a constant slot).
     */
    public static final int WARP_SYNC = 94;
    /**
     * A call of a function the CUDA device runtime provides ({@code vprintf}, {@code __assertfail}, {@code malloc},
     * {@code free}), which the module declares {@code .extern} without a body: executed per lane by the interpreter.
     * {@link Insn#sub} is the function ({@link #BI_VPRINTF}, ...); arguments and return values as for {@link #CALL}
     * ({@link Insn#argKind}, {@link Insn#argValue}, {@link Insn#retKind}, {@link Insn#retValue}).
     */
    public static final int BUILTIN_CALL = 95;

    // ---- BUILTIN_CALL functions ----
    /** {@code int vprintf(const char *format, void *args)}: device {@code printf}. */
    public static final int BI_VPRINTF = 0;
    /** {@code void __assertfail(message, file, unsigned line, function, size_t charSize)}: a failed {@code assert}. */
    public static final int BI_ASSERTFAIL = 1;
    /** {@code void *malloc(size_t)} from the launch's device heap. */
    public static final int BI_MALLOC = 2;
    /** {@code void free(void *)} back to the launch's device heap. */
    public static final int BI_FREE = 3;

    // ---- IALU sub-operations ----
    public static final int I_ADD = 0;
    public static final int I_SUB = 1;
    public static final int I_MUL_LO = 2;
    public static final int I_MUL_HI = 3;
    public static final int I_MUL_WIDE = 4;
    public static final int I_MAD_LO = 5;
    public static final int I_MAD_HI = 6;
    public static final int I_MAD_WIDE = 7;
    public static final int I_MUL24_LO = 8;
    public static final int I_MUL24_HI = 9;
    public static final int I_MAD24_LO = 10;
    public static final int I_MAD24_HI = 11;
    public static final int I_DIV = 12;
    public static final int I_REM = 13;
    public static final int I_ABS = 14;
    public static final int I_NEG = 15;
    public static final int I_MIN = 16;
    public static final int I_MAX = 17;
    public static final int I_AND = 18;
    public static final int I_OR = 19;
    public static final int I_XOR = 20;
    public static final int I_NOT = 21;
    public static final int I_CNOT = 22;
    public static final int I_SHL = 23;
    public static final int I_SHR = 24;
    public static final int I_POPC = 25;
    public static final int I_CLZ = 26;
    public static final int I_BREV = 27;
    public static final int I_BFIND = 28;
    public static final int I_BFIND_SHIFTAMT = 29;
    public static final int I_BFE = 30;
    public static final int I_BFI = 31;
    public static final int I_PRMT = 32;
    public static final int I_SHF_L = 33;
    public static final int I_SHF_R = 34;
    public static final int I_LOP3 = 35;
    public static final int I_SAD = 36;
    public static final int I_ADD_SAT = 37;
    public static final int I_SUB_SAT = 38;
    public static final int I_MAD_HI_SAT = 39;
    public static final int I_DP4A = 40;
    public static final int I_DP2A_LO = 41;
    public static final int I_DP2A_HI = 42;
    public static final int I_BMSK = 43;
    public static final int I_SZEXT = 44;
    public static final int I_MOV = 45;

    // ---- CARRY sub-operations (flags) ----
    public static final int CC_ADD = 0;
    public static final int CC_SUB = 1;
    public static final int CC_MAD_LO = 2;
    public static final int CC_MAD_HI = 3;

    // ---- PRED_LOGIC sub-operations ----
    public static final int P_AND = 0;
    public static final int P_OR = 1;
    public static final int P_XOR = 2;
    public static final int P_NOT = 3;
    public static final int P_CNOT = 4;

    // ---- comparison operators (setp, set) ----
    public static final int CMP_EQ = 0;
    public static final int CMP_NE = 1;
    public static final int CMP_LT = 2;
    public static final int CMP_LE = 3;
    public static final int CMP_GT = 4;
    public static final int CMP_GE = 5;
    public static final int CMP_LO = 6;
    public static final int CMP_LS = 7;
    public static final int CMP_HI = 8;
    public static final int CMP_HS = 9;
    public static final int CMP_EQU = 10;
    public static final int CMP_NEU = 11;
    public static final int CMP_LTU = 12;
    public static final int CMP_LEU = 13;
    public static final int CMP_GTU = 14;
    public static final int CMP_GEU = 15;
    public static final int CMP_NUM = 16;
    public static final int CMP_NAN = 17;

    // ---- boolean combining of setp ----
    public static final int BOOL_NONE = 0;
    public static final int BOOL_AND = 1;
    public static final int BOOL_OR = 2;
    public static final int BOOL_XOR = 3;

    // ---- FALU sub-operations ----
    public static final int F_ADD = 0;
    public static final int F_SUB = 1;
    public static final int F_MUL = 2;
    public static final int F_FMA = 3;
    public static final int F_DIV = 4;
    public static final int F_DIV_APPROX = 5;
    public static final int F_DIV_FULL = 6;
    public static final int F_ABS = 7;
    public static final int F_NEG = 8;
    public static final int F_MIN = 9;
    public static final int F_MAX = 10;
    public static final int F_RCP = 11;
    public static final int F_RCP_APPROX = 12;
    public static final int F_SQRT = 13;
    public static final int F_SQRT_APPROX = 14;
    public static final int F_RSQRT_APPROX = 15;
    public static final int F_EX2 = 16;
    public static final int F_LG2 = 17;
    public static final int F_SIN = 18;
    public static final int F_COS = 19;
    public static final int F_TANH = 20;
    public static final int F_COPYSIGN = 21;
    public static final int F_MOV = 22;
    public static final int F_MIN_NAN = 23;
    public static final int F_MAX_NAN = 24;

    // ---- rounding modes (Insn.rnd) ----
    public static final int RND_RN = 0;
    public static final int RND_RZ = 1;
    public static final int RND_RM = 2;
    public static final int RND_RP = 3;
    /** Round to nearest integer, ties to even (cvt .rni). */
    public static final int RND_RNI = 4;

    public static final int RND_RZI = 5;
    public static final int RND_RMI = 6;
    public static final int RND_RPI = 7;
    /** No rounding modifier given. */
    public static final int RND_NONE = 8;

    // ---- TESTP ----
    public static final int T_FINITE = 0;
    public static final int T_INFINITE = 1;
    public static final int T_NUMBER = 2;
    public static final int T_NOTANUMBER = 3;
    public static final int T_NORMAL = 4;
    public static final int T_SUBNORMAL = 5;

    // ---- atomics ----
    public static final int A_ADD = 0;
    public static final int A_INC = 1;
    public static final int A_DEC = 2;
    public static final int A_CAS = 3;
    public static final int A_EXCH = 4;
    public static final int A_MIN = 5;
    public static final int A_MAX = 6;
    public static final int A_AND = 7;
    public static final int A_OR = 8;
    public static final int A_XOR = 9;

    // ---- barriers ----
    public static final int B_SYNC = 0;
    public static final int B_ARRIVE = 1;
    public static final int B_RED_POPC = 2;
    public static final int B_RED_AND = 3;
    public static final int B_RED_OR = 4;

    /**
     * {@link Insn#sub2} of {@code vote.ballot.b64}, {@code activemask.b64} and {@code shfl.wave}: the extension
     * forms that span the whole wavefront (64 lanes on a 64-wide wavefront) instead of the executing lane's 32-lane
     * half.
     */
    public static final int WAVE_WIDE = 1;

    // ---- vote ----
    public static final int V_ALL = 0;
    public static final int V_ANY = 1;
    public static final int V_UNI = 2;
    public static final int V_BALLOT = 3;

    // ---- shfl ----
    public static final int S_UP = 0;
    public static final int S_DOWN = 1;
    public static final int S_BFLY = 2;
    public static final int S_IDX = 3;

    // ---- special registers ----
    public static final int SR_TID_X = 0;
    public static final int SR_TID_Y = 1;
    public static final int SR_TID_Z = 2;
    public static final int SR_NTID_X = 3;
    public static final int SR_NTID_Y = 4;
    public static final int SR_NTID_Z = 5;
    public static final int SR_CTAID_X = 6;
    public static final int SR_CTAID_Y = 7;
    public static final int SR_CTAID_Z = 8;
    public static final int SR_NCTAID_X = 9;
    public static final int SR_NCTAID_Y = 10;
    public static final int SR_NCTAID_Z = 11;
    public static final int SR_LANEID = 12;
    public static final int SR_WARPID = 13;
    public static final int SR_NWARPID = 14;
    public static final int SR_SMID = 15;
    public static final int SR_NSMID = 16;
    public static final int SR_CLOCK = 17;
    public static final int SR_CLOCK64 = 18;
    public static final int SR_LANEMASK_EQ = 19;
    public static final int SR_LANEMASK_LT = 20;
    public static final int SR_LANEMASK_LE = 21;
    public static final int SR_LANEMASK_GT = 22;
    public static final int SR_LANEMASK_GE = 23;
    public static final int SR_GRIDID = 24;
    public static final int SR_GLOBALTIMER = 25;
    public static final int SR_WARPSZ = 26;
    public static final int SR_DYN_SMEM = 27;
    public static final int SR_TOTAL_SMEM = 28;

    /** The special register named {@code name} (e.g. {@code "%tid.x"}), or -1. */
    public static int specialRegister(String name) {
        switch (name) {
            case "%tid.x":
                return SR_TID_X;
            case "%tid.y":
                return SR_TID_Y;
            case "%tid.z":
                return SR_TID_Z;
            case "%ntid.x":
                return SR_NTID_X;
            case "%ntid.y":
                return SR_NTID_Y;
            case "%ntid.z":
                return SR_NTID_Z;
            case "%ctaid.x":
                return SR_CTAID_X;
            case "%ctaid.y":
                return SR_CTAID_Y;
            case "%ctaid.z":
                return SR_CTAID_Z;
            case "%nctaid.x":
                return SR_NCTAID_X;
            case "%nctaid.y":
                return SR_NCTAID_Y;
            case "%nctaid.z":
                return SR_NCTAID_Z;
            case "%laneid":
                return SR_LANEID;
            case "%warpid":
                return SR_WARPID;
            case "%nwarpid":
                return SR_NWARPID;
            case "%smid":
                return SR_SMID;
            case "%nsmid":
                return SR_NSMID;
            case "%clock":
                return SR_CLOCK;
            case "%clock64":
                return SR_CLOCK64;
            case "%lanemask_eq":
                return SR_LANEMASK_EQ;
            case "%lanemask_lt":
                return SR_LANEMASK_LT;
            case "%lanemask_le":
                return SR_LANEMASK_LE;
            case "%lanemask_gt":
                return SR_LANEMASK_GT;
            case "%lanemask_ge":
                return SR_LANEMASK_GE;
            case "%gridid":
                return SR_GRIDID;
            case "%globaltimer":
                return SR_GLOBALTIMER;
            case "WARP_SZ":
                return SR_WARPSZ;
            case "%dynamic_smem_size":
                return SR_DYN_SMEM;
            case "%total_smem_size":
                return SR_TOTAL_SMEM;
            default:
                return -1;
        }
    }
}
