"""C.O.E, the fifth game (being built: it is registered, and shown to players, once its
package defines ``GAME``)."""
