// libzmq (libzmq3-dev, >= 4.2 for ZMTP heartbeats) for SweepTransportZMQ, the only module that imports it.
#ifndef CZEROMQ_SHIM_H
#define CZEROMQ_SHIM_H

#include <zmq.h>

#endif
