package io.cpsng

import java.util.concurrent.CopyOnWriteArrayList

/**
 * Forwards TCP connections from its own port to a target, until cut: then it drops every open connection and
 * refuses new ones, as a broker that went down would, until restored on the same port.
 */
class TcpProxy implements AutoCloseable {

    final int port
    private final String targetHost
    /** Where connections go: may be set after the proxy started, once the target is known. */
    volatile int targetPort
    private final List<Socket> sockets = new CopyOnWriteArrayList<>()
    private volatile ServerSocket serverSocket

    TcpProxy(String targetHost, int targetPort, int port = freePort()) {
        this.targetHost = targetHost
        this.targetPort = targetPort
        this.port = port
        restore()
    }

    static int freePort() {
        new ServerSocket(0).withCloseable { it.localPort }
    }

    synchronized void restore() {
        if (serverSocket != null && !serverSocket.closed) {
            return
        }
        serverSocket = new ServerSocket()
        serverSocket.reuseAddress = true
        serverSocket.bind(new InetSocketAddress('localhost', port))
        def listening = serverSocket
        Thread.startDaemon('tcp-proxy-accept') {
            while (!listening.closed) {
                try {
                    forward(listening.accept())
                } catch (IOException closed) {
                    return
                }
            }
        }
    }

    synchronized void cut() {
        serverSocket?.close()
        sockets.each { it.close() }
        sockets.clear()
    }

    @Override
    void close() {
        cut()
    }

    private void forward(Socket client) {
        Socket target
        try {
            target = new Socket(targetHost, targetPort)
        } catch (IOException unreachable) {
            client.close()
            return
        }
        sockets << client << target
        pump(client, target)
        pump(target, client)
    }

    private static void pump(Socket from, Socket to) {
        Thread.startDaemon('tcp-proxy-pump') {
            def buffer = new byte[65536]
            try {
                def input = from.inputStream
                def output = to.outputStream
                int read
                while ((read = input.read(buffer)) >= 0) {
                    output.write(buffer, 0, read)
                    output.flush()
                }
            } catch (IOException closed) {
                // the other side or cut() closed the connection
            } finally {
                from.close()
                to.close()
            }
        }
    }
}
