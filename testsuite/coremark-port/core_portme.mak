# CoreMark's own Makefile with this port: lcc builds, stsim runs. The
# CoreMark folder can stay read-only when OPATH names another folder:
#
#   make -C COREMARK_DIR PORT_DIR=$PWD/testsuite/coremark-port \
#        OPATH=/tmp/coremark/ ITERATIONS=30 LCC=$PWD/target/release/lcc \
#        STSIM=$PWD/target/release/stsim
#
# builds /tmp/coremark/coremark.elf and writes run1.log and run2.log. The
# seeds are compiled in (SEED_VOLATILE: the arguments the Makefile passes
# are ignored), so both logs are of the performance run (seeds 0,0,0x66)
# unless the program is rebuilt for the validation seeds:
#
#   make ... XCFLAGS=-DVALIDATION_RUN=1 REBUILD=1 run2.log
#
# `testsuite --coremark DIR` builds and runs without make and checks the
# output (README, "CoreMark").

LCC ?= lcc
STSIM ?= stsim
CC = $(LCC)
OUTFLAG = -o
PORT_CFLAGS = -O2
FLAGS_STR = "$(PORT_CFLAGS) $(XCFLAGS) $(XLFLAGS) $(LFLAGS_END)"
CFLAGS = $(PORT_CFLAGS) -I$(PORT_DIR) -I. -DFLAGS_STR=\"$(FLAGS_STR)\"
LFLAGS_END =
PORT_SRCS = $(PORT_DIR)/core_portme.c
LOAD = echo "stsim loads the program itself"
RUN = $(STSIM)
OEXT = .o
EXE = .elf
OPATH = ./
MKDIR = mkdir -p

.PHONY: port_prebuild port_postbuild port_prerun port_postrun port_preload port_postload
port_pre% port_post% :
