package io.cpsng.database

import spock.lang.Specification
import spock.lang.TempDir

import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.attribute.FileTime
import java.time.Duration
import java.time.Instant

class FolderMadeOnceSpec extends Specification {

    @TempDir
    Path parent

    def 'A folder is made the first time it is needed and found after that'() {
        given: 'a maker that counts its calls'
            def makings = 0
            def maker = { Path folder ->
                makings++
                Files.writeString(folder.resolve('done'), "made ${makings}")
            } as FolderMadeOnce.Maker
        when: 'the folder is asked for twice'
            def first = FolderMadeOnce.get(parent.resolve('cache'), 'done', maker)
            def second = FolderMadeOnce.get(parent.resolve('cache'), 'done', maker)
        then: 'it was made once, and both times the same folder came back'
            makings == 1
            first == second
            Files.readString(first.resolve('done')) == 'made 1'
        and: 'nothing else is left beside it'
            Files.list(parent).withCloseable { it.toList() } == [parent.resolve('cache')]
    }

    def 'Of two processes making the folder at once, the first to finish wins and both use its folder'() {
        given: 'a maker during whose work another process makes the same folder and finishes first'
            def target = parent.resolve('cache')
            def slowMaker = { Path folder ->
                def fastMaker = { Files.writeString(it.resolve('done'), 'fast') } as FolderMadeOnce.Maker
                FolderMadeOnce.get(target, 'done', fastMaker)
                Files.writeString(folder.resolve('done'), 'slow')
            } as FolderMadeOnce.Maker
        when: 'the slow one asks for the folder'
            def folder = FolderMadeOnce.get(target, 'done', slowMaker)
        then: 'it gets the faster one\'s folder, whole'
            folder == target
            Files.readString(target.resolve('done')) == 'fast'
        and: 'its own copy is gone'
            Files.list(parent).withCloseable { it.toList() } == [target]
    }

    def 'A making folder left by a process that died is deleted once it is old, a recent one is left alone'() {
        given: 'the folder of a maker killed an hour ago and that of one at work now'
            def abandoned = Files.createDirectories(parent.resolve('making-1/made/bin'))
            Files.writeString(abandoned.resolve('half-written'), 'x')
            Files.setLastModifiedTime(parent.resolve('making-1'), FileTime.from(Instant.now() - Duration.ofHours(1)))
            def atWork = Files.createDirectories(parent.resolve('making-2'))
        when: 'a folder is asked for, already made'
            Files.createDirectories(parent.resolve('cache'))
            Files.writeString(parent.resolve('cache/done'), 'made')
            def noMaker = { throw new AssertionError('not to be made') } as FolderMadeOnce.Maker
            FolderMadeOnce.get(parent.resolve('cache'), 'done', noMaker)
        then: 'the abandoned folder is gone and the one at work is still there'
            !Files.exists(parent.resolve('making-1'))
            Files.isDirectory(atWork)
    }
}
